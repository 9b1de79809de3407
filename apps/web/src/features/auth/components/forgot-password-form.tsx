import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { tooManyAttemptsMessage } from '../utils/too-many-attempts.ts';
import { AuthTitle } from './auth-layout.tsx';

/** Asks for a reset link. The answer reads the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const form = useZodForm(() => import('../utils/form-schemas.ts').then((m) => m.ForgotPasswordSchema), {
    email: '',
  });
  const [isLoading, setLoading] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [alert, setAlert] = useState<string>();

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setLoading(true);
    setAlert(undefined);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      if (error instanceof ApiError) {
        setAlert(tooManyAttemptsMessage(error));
        form.showServerErrors(error.fieldErrors);
      }
    } finally {
      setLoading(false);
    }
  });

  if (sentTo) {
    return (
      <div className="auth-card__status">
        <AuthTitle focusOnMount>Check your email</AuthTitle>
        <p>
          If an account exists for <strong>{sentTo}</strong>, a link to choose a new password is on its way.
          Check your inbox and your spam folder.
        </p>
        <Link to={paths.login()}>Back to log in</Link>
      </div>
    );
  }

  return (
    <>
      <AuthTitle>Forgot your password?</AuthTitle>
      <p className="auth-card__lead">
        Enter the email you signed up with and we'll send you a link to choose a new one.
      </p>
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label="Reset password request">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
        <Button type="submit" block isLoading={isLoading} loadingLabel="Sending the link">
          Send reset link
        </Button>
      </form>
      <p className="auth-card__footer">
        Remembered it? <Link to={paths.login()}>Log in</Link>
      </p>
    </>
  );
}
