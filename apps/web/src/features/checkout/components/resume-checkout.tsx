import { Paths } from '@store/contracts';
import { Link, Navigate } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { StatePanel } from './checkout-page.tsx';

/** /checkout without an order: back to the unpaid first box the account has (uncompletedCheckoutOrderId). */
export function ResumeCheckout() {
  const { status, info } = useAuth();
  if (status === 'loading') {
    return (
      <main className="checkout checkout--state">
        <h1 className="visually-hidden">Checkout</h1>
        <Spinner large label="Loading your checkout" />
      </main>
    );
  }
  const orderId = info?.uncompletedCheckoutOrderId;
  if (orderId) return <Navigate to={paths.checkout(orderId)} replace />;
  if (info?.subscription) {
    return (
      <StatePanel title="You are already a member">
        <p>Your Discover Plan is active; there is nothing to check out.</p>
        <Link to={paths.membership()} className={buttonClass('primary')}>
          Go to Membership
        </Link>
      </StatePanel>
    );
  }
  return (
    <StatePanel title="Nothing to check out yet">
      <p>Take the quiz first: we match you with samples, then you can check out your first box.</p>
      <Link to={Paths.quizStart} className={buttonClass('primary')}>
        Take the quiz
      </Link>
    </StatePanel>
  );
}
