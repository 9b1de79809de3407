import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { resendVerification } from '../api/resend-verification.ts';
import { tooManyAttemptsMessage } from '../utils/too-many-attempts.ts';
import './resend-verification.css';

type Sent = { kind: 'sent' | 'failed'; message: string };

/**
 * "Send the link again" for an address that is not verified yet (docs/product.md#sign-up). The
 * answer is the server's own sentence, which is the same for any address.
 */
export function ResendVerificationButton({ emailAddress }: { emailAddress: string }) {
  const [isSending, setSending] = useState(false);
  const [result, setResult] = useState<Sent>();

  async function send() {
    setSending(true);
    setResult(undefined);
    try {
      const answer = await resendVerification(emailAddress);
      setResult({ kind: 'sent', message: answer.message });
    } catch (error) {
      const message =
        (error instanceof ApiError &&
          (tooManyAttemptsMessage(error) ?? (error.status === 400 ? error.message : undefined))) ||
        'We could not send the link. Check your connection and try again.';
      setResult({ kind: 'failed', message });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="resend-verification">
      <Button
        variant="secondary"
        onClick={() => void send()}
        isLoading={isSending}
        loadingLabel="Sending the link"
      >
        Send the link again
      </Button>
      <p
        className={`resend-verification__result resend-verification__result--${result?.kind ?? 'idle'}`}
        role="status"
      >
        {result?.message ?? ''}
      </p>
    </div>
  );
}

/** The member area's reminder while the account's address is not verified. */
export function VerifyEmailNotice({ emailAddress }: { emailAddress: string }) {
  return (
    <section className="verify-email-notice" aria-labelledby="verify-email-notice-title">
      <h2 id="verify-email-notice-title" className="verify-email-notice__title">
        Please verify your email address
      </h2>
      <p className="verify-email-notice__text">
        We sent a link to <strong>{emailAddress}</strong>. Open it to confirm this address is yours, so
        receipts and shipping updates reach you.
      </p>
      <ResendVerificationButton emailAddress={emailAddress} />
    </section>
  );
}
