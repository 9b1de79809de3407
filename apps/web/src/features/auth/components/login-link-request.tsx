import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { sendLoginLink } from '../api/login-link.ts';
import { tooManyAttemptsMessage } from '../utils/too-many-attempts.ts';
import { AuthTitle } from './auth-layout.tsx';

/**
 * "Email me a login link" on /login (docs/product.md#log-in-with-a-link): an address, then the
 * same "check your email" whether or not it has an account.
 */
export function LoginLinkRequest({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const form = useZodForm(() => import('../utils/form-schemas.ts').then((m) => m.SendLoginLinkSchema), {
    emailAddress: initialEmail,
  });
  const [isLoading, setLoading] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [alert, setAlert] = useState<string>();

  const onSubmit = form.handleSubmit(async ({ emailAddress }) => {
    setLoading(true);
    setAlert(undefined);
    try {
      await sendLoginLink(emailAddress);
      setSentTo(emailAddress.trim());
    } catch (error) {
      if (error instanceof ApiError) {
        setAlert(tooManyAttemptsMessage(error) ?? error.message);
        form.showServerErrors(error.fieldErrors);
      } else {
        setAlert(NETWORK_ERROR_MESSAGE);
      }
    } finally {
      setLoading(false);
    }
  });

  if (sentTo) {
    return (
      <div className="auth-card__status">
        <AuthTitle focusOnMount>Check your email</AuthTitle>
        <p role="status">
          If an account exists for <strong>{sentTo}</strong>, a login link is on its way. It works once, for
          15 minutes. Check your inbox and your spam folder.
        </p>
        <button type="button" className="auth-card__link-button" onClick={onBack}>
          Log in with my password instead
        </button>
      </div>
    );
  }

  return (
    <>
      <AuthTitle focusOnMount>Log in with a link</AuthTitle>
      <p className="auth-card__lead">
        No password needed: we'll email you a link that logs you in. It works once, for 15 minutes.
      </p>
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label="Email me a login link">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('emailAddress')}
        />
        <Button type="submit" block isLoading={isLoading} loadingLabel="Sending the link">
          Email me the link
        </Button>
      </form>
      <p className="auth-card__footer">
        <button type="button" className="auth-card__link-button" onClick={onBack}>
          Log in with my password instead
        </button>
      </p>
    </>
  );
}
