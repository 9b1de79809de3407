import {
  CYCLE_STAGES,
  formatMembershipDate,
  MembershipMessages,
  Paths,
  type Subscription,
} from '@store/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { loadAuthInfo, useAuth } from '@/lib/auth.ts';
import './membership.css';

function usd(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/**
 * /membership (spec 001 §2.3), its first part: the plan, schedule, status and next renewal of the
 * member's Discover Plan, the cycle's stage, or "Not Active" with the way back to checkout.
 */
export function MembershipPage() {
  const { status, info } = useAuth();
  // Member pages read the user info fresh when they load (spec 001 §2.1).
  useEffect(() => {
    void loadAuthInfo();
  }, []);

  if (!info) {
    return (
      <main className="membership membership--state">
        <PageTitle title="Membership" />
        <h1 className="visually-hidden">Membership</h1>
        {status === 'unavailable' ? (
          <div className="membership__card">
            <p>We could not load your membership. Please try again.</p>
            <Button onClick={() => void loadAuthInfo()}>Try again</Button>
          </div>
        ) : (
          <Spinner large label="Loading your membership" />
        )}
      </main>
    );
  }
  return (
    <main className="membership">
      <PageTitle title="Membership" />
      <h1 className="membership__title">Membership</h1>
      {info.subscription ? (
        <ActiveMembership subscription={info.subscription} />
      ) : (
        <NotActive orderId={info.uncompletedCheckoutOrderId} />
      )}
    </main>
  );
}

function ActiveMembership({ subscription }: { subscription: Subscription }) {
  const stage = Math.min(Math.max(subscription.cycleStatus, 0), CYCLE_STAGES.length - 1);
  const orderId = subscription.currentOrderId;
  return (
    <>
      <section className="membership__card" aria-labelledby="cycle-title">
        <h2 id="cycle-title" className="membership__section-title">
          Your cycle
        </h2>
        <ol className="cycle-tracker">
          {CYCLE_STAGES.map((name, index) => (
            <li
              key={name}
              className={
                index < stage
                  ? 'cycle-tracker__stage is-done'
                  : index === stage
                    ? 'cycle-tracker__stage is-current'
                    : 'cycle-tracker__stage'
              }
              aria-current={index === stage ? 'step' : undefined}
            >
              <span className="cycle-tracker__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="cycle-tracker__name">{name}</span>
            </li>
          ))}
        </ol>
        {stage === 1 && orderId ? (
          <div className="membership__next">
            <p>Pick 2 of your 4 samples before time runs out; we chose the other 2 from your quiz.</p>
            <Link to={paths.buildYourBox(orderId)} className={buttonClass('primary')}>
              Build your box
            </Link>
          </div>
        ) : null}
      </section>

      <section className="membership__card" aria-labelledby="plan-title">
        <h2 id="plan-title" className="membership__section-title">
          Your plan
        </h2>
        <dl className="membership__facts">
          <div>
            <dt>Plan</dt>
            <dd>{subscription.susbcriptionName}</dd>
          </div>
          <div>
            <dt>Delivery schedule</dt>
            <dd>{subscription.deliveryScheduleDurationName}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className="membership__status">{subscription.statusName}</span>
            </dd>
          </div>
          <div>
            <dt>Next renewal</dt>
            <dd>{formatMembershipDate(subscription.isoutcNextBillingDate)}</dd>
          </div>
        </dl>
        <p className="membership__notice">
          Each renewal is {usd(subscription.subscriptionPrice)} plus a {usd(subscription.handlingFee)}{' '}
          handling fee and tax, charged to your default card. You can change the schedule or cancel any time.
        </p>
        <div className="membership__links">
          {orderId ? (
            <Link to={paths.thankYou(orderId)} className={buttonClass('secondary')}>
              View this box's order
            </Link>
          ) : null}
          <Link to={paths.billing()} className={buttonClass('secondary')}>
            Billing
          </Link>
        </div>
      </section>
    </>
  );
}

function NotActive({ orderId }: { orderId: string | null }) {
  return (
    <section className="membership__card membership__card--inactive" aria-labelledby="inactive-title">
      <h2 id="inactive-title" className="membership__inactive">
        {MembershipMessages.notActive}
      </h2>
      <p>You have no active plan. Check out your first box of 4 samples to start your membership.</p>
      <Link to={orderId ? paths.checkout(orderId) : Paths.quizStart} className={buttonClass('primary')}>
        {MembershipMessages.learnMore}
      </Link>
    </section>
  );
}
