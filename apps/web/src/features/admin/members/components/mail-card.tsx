import { SelectableEmailTypes } from '@store/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { resendEmail, type SelectableEmail } from '../api/members.ts';
import { type Detail, Fact, useAction } from './member-parts.tsx';

const EMAIL_NAMES: Record<SelectableEmail, string> = {
  'verify-email': 'Email verification',
  'reset-password': 'Password reset',
  welcome: 'Welcome',
};

/** Sends the member an account mail again: verification, password reset or welcome. */
export function MailCard({ detail }: { detail: Detail }) {
  const [type, setType] = useState<SelectableEmail>('welcome');
  const { busy, run } = useAction();
  const selectId = useId();
  async function send(event: FormEvent) {
    event.preventDefault();
    await run(
      'mail',
      () => resendEmail(detail.identity.id, type),
      `${EMAIL_NAMES[type]} mail sent to ${detail.identity.email}.`,
    );
  }
  return (
    <section className="admin-card member__card" aria-labelledby="mail-title">
      <h2 id="mail-title" className="admin-card__title">
        Account mails
      </h2>
      <dl className="member__facts">
        <Fact label="Marketing mail">
          {detail.identity.isEmailSubscribed ? 'Subscribed' : 'Unsubscribed'}
        </Fact>
        <Fact label="Referral code">{detail.identity.referralCode}</Fact>
      </dl>
      <form className="member__inline-form" onSubmit={send}>
        <label htmlFor={selectId}>Send again</label>
        <select
          id={selectId}
          className="admin-input"
          value={type}
          onChange={(e) => setType(e.target.value as SelectableEmail)}
        >
          {SelectableEmailTypes.map((t) => (
            <option key={t} value={t}>
              {EMAIL_NAMES[t]}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" className="btn--small" disabled={busy !== null}>
          Send mail
        </Button>
      </form>
    </section>
  );
}
