import { type AuthInfo, SERVER_ERROR_MESSAGE } from '@store/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField, TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError, apiGet, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { startSession } from '@/lib/session.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { logIn } from '../api/log-in.ts';
import { DEFAULT_AFTER_LOGIN } from '../utils/return-url.ts';
import { tooManyAttemptsMessage } from '../utils/too-many-attempts.ts';
import { AuthTitle } from './auth-layout.tsx';
import { LoginLinkRequest } from './login-link-request.tsx';
import { ResendVerificationButton } from './resend-verification.tsx';

/** Where a login with no page to return to lands: the operator's back office, else Membership. */
export async function landingPage(): Promise<string> {
  try {
    const info = await apiGet<AuthInfo>('/Account/AuthInfo', { quiet: true });
    return info.identity.permissions.includes('admin') ? paths.admin() : DEFAULT_AFTER_LOGIN;
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
}

/**
 * "Welcome Back" (docs/product.md#public-pages, docs/product.md#states-and-flows, docs/product.md#rules). On success the session starts and the page reloads at
 * `returnUrl`; on failure loading stops and the server's message shows beside the fields (a wrong password
 * marks both fields), with "Send the link again" for an address not verified yet.
 */
export function LoginForm({ returnUrl }: { returnUrl: string }) {
  const form = useZodForm(() => import('../utils/form-schemas.ts').then((m) => m.LoginSchema), {
    emailAddress: '',
    password: '',
  });
  const [isLoading, setLoading] = useState(false);
  const [alert, setAlert] = useState<string>();
  // The address a /register account was refused for, until it is verified (docs/product.md#sign-up).
  const [unverified, setUnverified] = useState<string>();
  // "Email me a login link" swaps the password form for the link request (docs/product.md#log-in-with-a-link).
  const [wantsLink, setWantsLink] = useState(false);
  // A wrong email or password: both fields are marked until the next try.
  const [badCredentials, setBadCredentials] = useState(false);

  const onSubmit = form.handleSubmit(async (credentials) => {
    setLoading(true);
    setAlert(undefined);
    setUnverified(undefined);
    setBadCredentials(false);
    try {
      startSession(await logIn(credentials));
      // A full load, so everything cached for a visitor is gone (spec: "the page reloads").
      window.location.assign(returnUrl === DEFAULT_AFTER_LOGIN ? await landingPage() : returnUrl);
    } catch (error) {
      setLoading(false);
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        setUnverified(credentials.emailAddress.trim());
        setAlert(error.message);
      } else if (error instanceof ApiError && error.code === 'invalid_credentials') {
        // Said on the form, beside the fields it is about, and kept there: a corner toast is
        // easy to miss and gone in 4 seconds (docs/look-and-trust.md#messages-where-people-look).
        setAlert(`${error.message} Check both fields, or reset your password below.`);
        setBadCredentials(true);
      } else if (error instanceof ApiError) {
        setAlert(tooManyAttemptsMessage(error));
        form.showServerErrors(error.fieldErrors);
        if (error.status === 400) notify(error.message, 'error');
        else if (error.status >= 500) notify(SERVER_ERROR_MESSAGE, 'error');
      } else {
        notify(NETWORK_ERROR_MESSAGE, 'error');
      }
    }
  });

  if (wantsLink) {
    return <LoginLinkRequest initialEmail={form.values.emailAddress} onBack={() => setWantsLink(false)} />;
  }

  return (
    <>
      <AuthTitle>Welcome Back</AuthTitle>
      <p className="auth-card__lead">Log in to build your box, shop member prices and manage your plan.</p>
      {alert ? (
        <div className="form-alert" role="alert" id="login-alert">
          <p className="form-alert__text">{alert}</p>
          {unverified ? <ResendVerificationButton emailAddress={unverified} /> : null}
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label="Log in">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('emailAddress')}
          {...(badCredentials ? { 'aria-invalid': true, 'aria-errormessage': 'login-alert' } : {})}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
          {...(badCredentials ? { 'aria-invalid': true, 'aria-errormessage': 'login-alert' } : {})}
        />
        <p className="auth-card__row">
          <Link to={paths.forgotPassword()}>Forgot password?</Link>
        </p>
        <Button type="submit" block isLoading={isLoading} loadingLabel="Logging in">
          Continue
        </Button>
      </form>
      <div className="auth-card__divider" aria-hidden="true">
        <span>or</span>
      </div>
      <Button type="button" variant="secondary" block onClick={() => setWantsLink(true)}>
        Email me a login link
      </Button>
      <p className="auth-card__footer">
        New to Sample First? {/* A full load, as the spec has it for the sign-up action. */}
        <a href={paths.register()}>Sign up</a>
      </p>
    </>
  );
}
