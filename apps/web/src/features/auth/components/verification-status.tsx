import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { supportMailto } from '@/lib/support.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { AuthTitle } from './auth-layout.tsx';

export const VERIFICATION_FAILED = 'Verification failed, please contact support!';

type Status = 'loading' | 'success' | 'already' | 'failed';

/**
 * Email verification (docs/product.md#sign-up): loading, then verified, already verified (the link
 * opened again) or failed. A signed-in person goes on to their Membership; anyone else to Login.
 */
export function VerificationStatus({ code, userId }: { code: string; userId: string }) {
  const [status, setStatus] = useState<Status>('loading');
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in' || auth.status === 'loading';

  useEffect(() => {
    let isCurrent = true;
    verifyEmail(code, userId).then(
      (outcome) => isCurrent && setStatus(outcome === 'already' ? 'already' : 'success'),
      () => isCurrent && setStatus('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [code, userId]);

  if (status === 'loading') {
    return (
      <div className="auth-card__status">
        <Spinner large />
        <AuthTitle>Verifying your email…</AuthTitle>
        <p role="status">This takes a moment.</p>
      </div>
    );
  }

  if (status === 'success' || status === 'already') {
    const ready =
      status === 'already'
        ? 'This email address is already verified, nothing more to do.'
        : 'Your email address is verified and your account is ready.';
    return (
      <div className="auth-card__status">
        <span className="auth-card__icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <AuthTitle focusOnMount>
          {status === 'already' ? 'Email already verified' : 'Email verified'}
        </AuthTitle>
        {signedIn ? (
          <>
            <p>{ready} You are signed in.</p>
            <Link className={buttonClass('primary', true)} to={paths.membership()}>
              Go to your membership
            </Link>
          </>
        ) : (
          <>
            <p>{ready} Log in to get started.</p>
            <Link className={buttonClass('primary', true)} to={paths.login()}>
              Login
            </Link>
          </>
        )}
      </div>
    );
  }

  return (
    <div className="auth-card__status">
      <span className="auth-card__icon auth-card__icon--failed" aria-hidden="true">
        !
      </span>
      <AuthTitle focusOnMount>We couldn't verify your email</AuthTitle>
      <p role="alert">{VERIFICATION_FAILED}</p>
      <p>
        The link may have expired or been used already. Write to{' '}
        <a href={supportMailto('My verification link does not work')}>our support team</a> and we will sort it
        out.
      </p>
      <Link className={buttonClass('secondary', true)} to={paths.login()}>
        Login
      </Link>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
