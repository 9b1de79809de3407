import { LoginSchema } from '@store/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField, TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { logIn } from '../api/log-in.ts';
import { tooManyAttemptsMessage } from '../utils/too-many-attempts.ts';
import { AuthTitle } from './auth-layout.tsx';

/**
 * "Welcome Back" (spec 000 §2, §4, §5). On success the session starts and the page reloads at
 * `returnUrl`; on failure loading stops and the server's message shows as a snackbar (wrong
 * password, or an address not verified yet).
 */
export function LoginForm({ returnUrl }: { returnUrl: string }) {
  const form = useZodForm(LoginSchema, { emailAddress: '', password: '' });
  const [isLoading, setLoading] = useState(false);
  const [alert, setAlert] = useState<string>();

  const onSubmit = form.handleSubmit(async (credentials) => {
    setLoading(true);
    setAlert(undefined);
    try {
      startSession(await logIn(credentials));
      // A full load, so everything cached for a visitor is gone (spec: "the page reloads").
      window.location.assign(returnUrl);
    } catch (error) {
      setLoading(false);
      if (error instanceof ApiError) {
        setAlert(tooManyAttemptsMessage(error));
        form.showServerErrors(error.fieldErrors);
      }
    }
  });

  return (
    <>
      <AuthTitle>Welcome Back</AuthTitle>
      <p className="auth-card__lead">Log in to build your box, shop member prices and manage your plan.</p>
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label="Log in">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('emailAddress')}
        />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <p className="auth-card__row">
          <Link to={paths.forgotPassword()}>Forgot password?</Link>
        </p>
        <Button type="submit" block isLoading={isLoading} loadingLabel="Logging in">
          Continue
        </Button>
      </form>
      <p className="auth-card__footer">
        New to Sample First? {/* A full load, as the spec has it for the sign-up action. */}
        <a href={paths.register()}>Sign up</a>
      </p>
    </>
  );
}
