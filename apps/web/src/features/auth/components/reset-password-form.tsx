import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PasswordField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useIsHydrated } from '@/lib/use-hydrated.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { resetPassword } from '../api/reset-password.ts';
import { tooManyAttemptsMessage } from '../utils/too-many-attempts.ts';
import { AuthTitle } from './auth-layout.tsx';

/** Chooses a new password with the one-time token of the reset mail (/reset-password?token&email). */
export function ResetPasswordForm({ token, email }: { token: string | null; email: string | null }) {
  const form = useZodForm(() => import('../utils/form-schemas.ts').then((m) => m.NewPasswordFormSchema), {
    password: '',
    confirmPassword: '',
  });
  const [isLoading, setLoading] = useState(false);
  const [isDone, setDone] = useState(false);
  const [isLinkDead, setLinkDead] = useState(false);
  const [alert, setAlert] = useState<string>();
  // The address comes from the link; the page built ahead of time shows it once it has hydrated.
  const hydrated = useIsHydrated();

  if (!token || !email) {
    return (
      <div className="auth-card__status">
        <AuthTitle>This link is incomplete</AuthTitle>
        <p>Open the link from your email again, or ask for a new one.</p>
        <Link className={buttonClass('primary', true)} to={paths.forgotPassword()}>
          Get a new link
        </Link>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setLoading(true);
    setAlert(undefined);
    try {
      await resetPassword({ token, email, password });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError) {
        setLinkDead(error.code === 'invalid_token');
        setAlert(tooManyAttemptsMessage(error));
        form.showServerErrors(error.fieldErrors);
      }
    } finally {
      setLoading(false);
    }
  });

  if (isDone) {
    return (
      <div className="auth-card__status">
        <AuthTitle focusOnMount>Password changed</AuthTitle>
        <p>Your new password is set. Log in with it to continue.</p>
        <Link className={buttonClass('primary', true)} to={paths.login()}>
          Log in
        </Link>
      </div>
    );
  }

  return (
    <>
      <AuthTitle>Choose a new password</AuthTitle>
      <p className="auth-card__lead">
        For <strong>{hydrated ? email : 'your account'}</strong>.
      </p>
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      {isLinkDead ? (
        <p className="form-alert" role="alert">
          This reset link has expired or was already used.{' '}
          <Link to={paths.forgotPassword()}>Get a new link</Link>
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label="Choose a new password">
        <input
          type="email"
          name="email"
          value={hydrated ? email : ''}
          autoComplete="username"
          readOnly
          hidden
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...form.field('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <Button type="submit" block isLoading={isLoading} loadingLabel="Saving your new password">
          Save new password
        </Button>
      </form>
    </>
  );
}
