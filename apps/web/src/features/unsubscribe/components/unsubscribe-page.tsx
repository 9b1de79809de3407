import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useSeo } from '@/lib/use-seo.ts';
import { unsubscribe } from '../api/unsubscribe.ts';
import './unsubscribe-page.css';

export const MISSING_TOKEN_MESSAGE = 'Invalid unsubscribe link. Token is missing.';
export const UNSUBSCRIBE_FAILED_MESSAGE =
  'Unable to process your unsubscribe request. The link may have expired.';

type State = { status: 'loading' } | { status: 'done' } | { status: 'failed'; message: string };

/** "Email Preferences" (docs/product.md#public-pages, docs/product.md#states-and-flows): loading, then unsubscribed or an error; no token fails at once. */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  useSeo({
    title: 'Email Preferences',
    description: 'Stop marketing emails from Sample First. Order and account emails still reach you.',
  });
  const [state, setState] = useState<State>(() =>
    token ? { status: 'loading' } : { status: 'failed', message: MISSING_TOKEN_MESSAGE },
  );

  useEffect(() => {
    if (!token) {
      setState({ status: 'failed', message: MISSING_TOKEN_MESSAGE });
      return;
    }
    let isCurrent = true;
    setState({ status: 'loading' });
    unsubscribe(token).then(
      () => isCurrent && setState({ status: 'done' }),
      (error: unknown) => {
        console.error('Unsubscribe failed', error);
        if (isCurrent) setState({ status: 'failed', message: UNSUBSCRIBE_FAILED_MESSAGE });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);

  return (
    <main className="unsubscribe">
      <div className="unsubscribe__card">
        <h1 className="unsubscribe__page-title">Email Preferences</h1>
        {state.status === 'loading' ? (
          <div className="unsubscribe__loading">
            <Spinner large label="Updating your email preferences" />
          </div>
        ) : state.status === 'done' ? (
          <>
            <svg className="unsubscribe__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
              <circle cx="24" cy="24" r="22" fill="#e3f4ea" />
              <path d="M14 25l7 7 13-15" fill="none" stroke="#1e7b45" strokeWidth="4" strokeLinecap="round" />
            </svg>
            <h2 className="unsubscribe__title">Successfully Unsubscribed</h2>
            <p className="unsubscribe__text">
              You will no longer receive marketing emails from us. Emails about your orders and your account
              still reach you. You can change your email preferences at any time after logging in, under
              Account.
            </p>
          </>
        ) : (
          <>
            <svg className="unsubscribe__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
              <circle cx="24" cy="24" r="22" fill="#fdecea" />
              <path
                d="M24 13v14M24 33v2"
                fill="none"
                stroke="#b42318"
                strokeWidth="4"
                strokeLinecap="round"
              />
            </svg>
            <h2 className="unsubscribe__title">Unsubscribe Error</h2>
            <p className="unsubscribe__text" role="alert">
              {state.message}
            </p>
            <p className="unsubscribe__text">
              You can also turn off marketing emails yourself after logging in, under Account.
            </p>
          </>
        )}
        {state.status !== 'loading' ? (
          <Link to={paths.login()} className={buttonClass('primary')}>
            Log in
          </Link>
        ) : null}
      </div>
    </main>
  );
}
