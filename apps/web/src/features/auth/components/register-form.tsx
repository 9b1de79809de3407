import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { CheckboxField, PasswordField, TextField } from '@/components/ui/text-field.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { registerAccount } from '../api/register-account.ts';
import { tooManyAttemptsMessage } from '../utils/too-many-attempts.ts';
import { AuthTitle } from './auth-layout.tsx';

export const SIGNUP_TOAST = 'Thank you, keep an eye on your inbox for a verification link!';

/** Sign-up (docs/product.md#public-pages, docs/product.md#states-and-flows, docs/product.md#rules): idle, loading, then the thank-you view, or back to idle on error. */
export function RegisterForm({ referralCode }: { referralCode: string | null }) {
  const form = useZodForm(() => import('../utils/form-schemas.ts').then((m) => m.RegisterSchema), {
    emailAddress: '',
    password: '',
    username: '',
    isAgeConfirmed: false,
    // Marketing mail is opt-in: the box starts unticked (docs/decisions/015-emails-and-marketing-opt-in.md).
    isEmailSubscribed: false,
  });
  const [isLoading, setLoading] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const [alert, setAlert] = useState<string>();

  const onSubmit = form.handleSubmit(async (data) => {
    setLoading(true);
    setAlert(undefined);
    try {
      await registerAccount({ ...data, username: data.username || undefined }, referralCode);
      setRegisteredEmail(data.emailAddress);
      notify(SIGNUP_TOAST, 'success');
    } catch (error) {
      if (error instanceof ApiError) {
        setAlert(tooManyAttemptsMessage(error));
        form.showServerErrors(error.fieldErrors);
      }
    } finally {
      setLoading(false);
    }
  });

  if (registeredEmail) {
    return (
      <div className="auth-card__status">
        <span className="auth-card__icon" aria-hidden="true">
          <MailIcon />
        </span>
        <AuthTitle focusOnMount>Thank you for signing up!</AuthTitle>
        <p>
          We sent a verification link to <strong>{registeredEmail}</strong>. Check your inbox and your spam
          folder, then follow the link to activate your account.
        </p>
        <Link className={buttonClass('primary', true)} to={paths.login()}>
          Go to log in
        </Link>
      </div>
    );
  }

  return (
    <>
      <AuthTitle>Create your account</AuthTitle>
      <p className="auth-card__lead">Sign up to take the quiz, get matched and sample before you buy.</p>
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label="Sign up">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('emailAddress')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...form.field('password')}
        />
        <TextField
          label="Username"
          isOptional
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          hint="No spaces."
          {...form.field('username')}
        />
        <CheckboxField label="I am 13 or older" {...form.checkbox('isAgeConfirmed')} />
        <CheckboxField label="Email me news and offers" {...form.checkbox('isEmailSubscribed')} />
        <Button type="submit" block isLoading={isLoading} loadingLabel="Creating your account">
          Sign up
        </Button>
      </form>
      <p className="auth-card__footer">
        {/* A full load, as the spec has it for already-registered users. */}
        <a href={paths.login()}>Already registered? Log in</a>
      </p>
    </>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
