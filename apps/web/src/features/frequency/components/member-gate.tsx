import type { Subscription } from '@store/contracts';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { loadAuthInfo, useAuth } from '@/lib/auth.ts';
import './frequency.css';

/**
 * /frequency, /cancel and /cancel-reason are open routes (docs/product.md#member-area): a visitor without
 * a session is asked to log in; a person without a membership is sent to /membership.
 */
export function MemberGate({
  title,
  children,
  allowCanceled = false,
}: {
  title: string;
  children: (subscription: Subscription) => ReactNode;
  allowCanceled?: boolean;
}) {
  const { status, info } = useAuth();
  const location = useLocation();
  useEffect(() => {
    if (status !== 'signed-out') void loadAuthInfo();
  }, [status]);
  if (status === 'signed-out') {
    return (
      <main className="member-page member-page--state">
        <PageTitle title={title} />
        <h1 className="member-page__title">{title}</h1>
        <p>Please log in to manage your membership.</p>
        <Link to={paths.login(location.pathname)} className={buttonClass('primary')}>
          Log in
        </Link>
      </main>
    );
  }
  if (!info) {
    return (
      <main className="member-page member-page--state">
        <PageTitle title={title} />
        <Spinner large label="Loading your membership" />
      </main>
    );
  }
  const subscription = info.subscription;
  if (!subscription || (!allowCanceled && subscription.statusName === 'Canceled')) {
    return (
      <main className="member-page member-page--state">
        <PageTitle title={title} />
        <h1 className="member-page__title">{title}</h1>
        <p>You do not have an active membership.</p>
        <Link to={paths.membership()} className={buttonClass('primary')}>
          Go to my membership
        </Link>
      </main>
    );
  }
  return <>{children(subscription)}</>;
}
