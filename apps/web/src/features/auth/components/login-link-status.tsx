import { LoginLinkMessages } from '@store/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';
import { logInWithLink } from '../api/login-link.ts';
import { DEFAULT_AFTER_LOGIN } from '../utils/return-url.ts';
import { AuthTitle } from './auth-layout.tsx';
import { landingPage } from './login-form.tsx';

/**
 * /login-link?token= (docs/product.md#log-in-with-a-link): uses the link once on arrival and goes
 * on like a login; a used, expired or made-up link says what to do next.
 */
export function LoginLinkStatus({ token }: { token: string }) {
  const [failure, setFailure] = useState<string>();
  // A link works once: React's development double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setFailure(LoginLinkMessages.invalid);
      return;
    }
    logInWithLink(token).then(
      async (pair) => {
        startSession(pair);
        // A full load, as after a password login, so nothing cached for a visitor remains.
        window.location.assign(await landingPage());
      },
      (error: unknown) =>
        setFailure(
          error instanceof ApiError
            ? error.status === 429 || error.status >= 500
              ? error.message
              : LoginLinkMessages.invalid
            : NETWORK_ERROR_MESSAGE,
        ),
    );
  }, [token]);

  if (!failure) {
    return (
      <div className="auth-card__status">
        <Spinner large />
        <AuthTitle>Logging you in…</AuthTitle>
        <p role="status">This takes a moment.</p>
      </div>
    );
  }

  return (
    <div className="auth-card__status">
      <span className="auth-card__icon auth-card__icon--failed" aria-hidden="true">
        !
      </span>
      <AuthTitle focusOnMount>This link didn't work</AuthTitle>
      <p role="alert">{failure}</p>
      <Link className={buttonClass('primary', true)} to={paths.login(DEFAULT_AFTER_LOGIN)}>
        Back to log in
      </Link>
    </div>
  );
}
