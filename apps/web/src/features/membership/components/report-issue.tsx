import { ReportIssueBodySchema, SubscriptionMessages } from '@store/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/notifications.ts';
import { reportIssue } from '../api/membership-api.ts';

/** Box Shipping's Report Issue: a short form that reaches the store. */
export function ReportIssue() {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [isSending, setIsSending] = useState(false);

  async function send() {
    const parsed = ReportIssueBodySchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please describe the issue.');
    setError('');
    setIsSending(true);
    try {
      await reportIssue(parsed.data.text);
      notify(SubscriptionMessages.issueReported, 'success');
      setText('');
      setIsOpen(false);
    } catch {
      // The api client showed the server's message.
    } finally {
      setIsSending(false);
    }
  }

  if (!isOpen) {
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Report Issue
      </Button>
    );
  }
  return (
    <form
      className="report-issue"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="report-issue__label">
        What went wrong with your box?
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={1000}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          // A message about the earlier text goes once the member writes again.
          if (error) setError('');
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className="report-issue__text"
      />
      <p id={`${id}-error`} className="report-issue__error" role="alert">
        {error}
      </p>
      <div className="membership__links">
        <Button type="submit" isLoading={isSending} loadingLabel="Sending your report">
          Send report
        </Button>
        <Button variant="secondary" onClick={() => setIsOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
