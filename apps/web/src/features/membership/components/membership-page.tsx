import {
  CYCLE_STAGES,
  displayOrderNumber,
  formatMembershipDate,
  MembershipMessages,
  type Order,
  Paths,
  productName,
  SUBSCRIPTION_STATUS_NAMES,
  type Subscription,
  SubscriptionMessages,
} from '@store/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { loadAuthInfo, useAuth } from '@/lib/auth.ts';
import { notify } from '@/lib/notifications.ts';
import { restartMembership, useCurrentBox } from '../api/membership-api.ts';
import { CycleDatesList, CycleTracker, StageContent } from './cycle-stage.tsx';
import { NextBoxExtrasCard } from './next-box-extras.tsx';
import { TubPlansPanel } from './tub-plans-panel.tsx';
import './membership.css';

const SLOTS = ['slot-1', 'slot-2', 'slot-3', 'slot-4'] as const;

/** The status badge: green when active, grey canceled, amber paused, red past due. */
function statusClass(statusName: string): string {
  const variant =
    statusName === SUBSCRIPTION_STATUS_NAMES.canceled
      ? ' membership__status--canceled'
      : statusName === SUBSCRIPTION_STATUS_NAMES.past_due
        ? ' membership__status--past-due'
        : statusName === 'Paused'
          ? ' membership__status--paused'
          : '';
  return `membership__status${variant}`;
}

function usd(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/**
 * /membership (docs/product.md#member-area, docs/product.md#membership-cycle): the cycle's stage and what it offers, the box's samples, the
 * plan, schedule, status and next renewal, or "Not Active" with the way back to checkout.
 */
/** `notice`: shown above the membership, e.g. the reminder to verify the email address. */
export function MembershipPage({ notice }: { notice?: React.ReactNode }) {
  const { status, info } = useAuth();
  // Member pages read the user info fresh when they load (docs/product.md#screens).
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
      {notice}
      {info.subscription ? (
        <ActiveMembership subscription={info.subscription} email={info.identity.emailAddress} />
      ) : (
        <NotActive orderId={info.uncompletedCheckoutOrderId} />
      )}
      <TubPlansPanel />
    </main>
  );
}

/** The first-box checkout lands here with the paid order in the navigation's state. */
function paidOrderIdFrom(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const id = (state as { paidOrderId?: unknown }).paidOrderId;
  return typeof id === 'string' ? id : null;
}

/** Two chosen samples saved beside the prime picks: the box is set. */
export function isBoxSet(order: Order | undefined): boolean {
  // A tub added to the box (undiscountedPrice set) is not a chosen sample (docs/product.md#next-box-extras).
  return (
    (order?.items.filter((i) => !i.isPrimePick && i.productId !== null && i.undiscountedPrice === null)
      .length ?? 0) >= 2
  );
}

function usdTotal(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** After paying: the order number, what was paid and where the confirmation went. */
function PaymentReceived({ orderId, email }: { orderId: string; email: string }) {
  const { data: order } = useCurrentBox(orderId);
  if (!order || order.datePaid === null) return null;
  return (
    <section className="membership__card membership__paid" aria-labelledby="paid-title" role="status">
      <h2 id="paid-title" className="membership__section-title">
        Thank you! Your payment went through
      </h2>
      <p>
        Order <strong>{displayOrderNumber(order.orderNumer)}</strong> is paid: {usdTotal(order.total)}. Your
        membership has started, and a confirmation is on its way to <strong>{email}</strong>.
      </p>
      <Link to={paths.thankYou(order.id)} className={buttonClass('secondary')}>
        View your order
      </Link>
    </section>
  );
}

function ActiveMembership({ subscription, email }: { subscription: Subscription; email: string }) {
  const stage = Math.min(Math.max(subscription.cycleStatus, 0), CYCLE_STAGES.length - 1);
  const isCanceled = subscription.statusName === SUBSCRIPTION_STATUS_NAMES.canceled;
  const location = useLocation();
  const paidOrderId = paidOrderIdFrom(location.state);
  const { data: box } = useCurrentBox(subscription.currentOrderId);
  return (
    <>
      {paidOrderId && !isCanceled ? <PaymentReceived orderId={paidOrderId} email={email} /> : null}
      {isCanceled ? (
        <Restart />
      ) : (
        <section className="membership__card" aria-labelledby="cycle-title">
          <h2 id="cycle-title" className="membership__section-title">
            Stage {stage + 1}: {CYCLE_STAGES[stage]}
          </h2>
          <CycleTracker stage={stage} />
          <StageContent subscription={subscription} stage={stage} isBoxSet={isBoxSet(box)} />
          <CycleDatesList dates={subscription.cycleDates} stage={stage} />
        </section>
      )}
      <BoxSamples
        orderId={subscription.currentOrderId}
        canSwap={subscription.cycleStatus === CYCLE_STAGES.indexOf('Build Your Box')}
      />
      {subscription.statusName === 'Canceled' ? null : <NextBoxExtrasCard />}

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
              <span className={statusClass(subscription.statusName)}>{subscription.statusName}</span>
            </dd>
          </div>
          <div>
            <dt>Next renewal</dt>
            <dd>
              {isCanceled
                ? MembershipMessages.unknownDate
                : formatMembershipDate(subscription.isoutcNextBillingDate)}
            </dd>
          </div>
        </dl>
        <p className="membership__notice" hidden={isCanceled}>
          Each renewal is {usd(subscription.subscriptionPrice)} plus a {usd(subscription.handlingFee)}{' '}
          handling fee and tax, charged to your default card on the renewal date. You can change the schedule,
          skip, pause or cancel any time before then.
        </p>
        <div className="membership__links">
          <Link to={paths.frequency()} className={buttonClass('secondary')}>
            Delivery schedule
          </Link>
          <Link to={paths.billing()} className={buttonClass('secondary')}>
            Billing
          </Link>
          {isCanceled ? null : (
            <Link to={paths.cancel()} className={buttonClass('secondary')}>
              Cancel membership
            </Link>
          )}
        </div>
      </section>
    </>
  );
}

/** The box of the current cycle: its month and 4 slots, "+ Choose a sample" for the empty ones. */
function BoxSamples({ orderId, canSwap }: { orderId: string | null; canSwap: boolean }) {
  const { data: order } = useCurrentBox(orderId);
  if (!orderId || !order) return null;
  // Samples only: a tub added to the box is listed under "Also in your next box".
  const samples = order.items.filter((i) => i.productId !== null && i.undiscountedPrice === null);
  const chosen = samples.filter((i) => !i.isPrimePick).length;
  const month = new Date(order.datePaid ?? order.dateCreated).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <section className="membership__card" aria-labelledby="box-title">
      <h2 id="box-title" className="membership__section-title">
        Your {month} box
      </h2>
      <p className="membership__box-status">
        {chosen >= 2
          ? 'Your box is set: all 4 samples are in.'
          : `2 prime picks are in. Choose ${2 - chosen} more sample${chosen === 1 ? '' : 's'}.`}
      </p>
      <ul className="membership__samples">
        {samples.map((item) => (
          <li key={item.id} className="membership__sample">
            <img src={item.sampleImage.originalPath} alt="" width={88} height={88} loading="lazy" />
            <span className="membership__sample-brand">{item.brandName}</span>
            <span className="membership__sample-title">{productName(item)}</span>
            {canSwap && item.isPrimePick ? (
              // Swapping a prime pick happens on Build Your Box (docs/product.md#swapping-a-prime-pick).
              <Link
                to={`${paths.buildYourBox(orderId)}?swap=${item.id}`}
                className="membership__swap"
                aria-label={`Swap ${productName(item)}`}
              >
                Swap
              </Link>
            ) : null}
          </li>
        ))}
        {SLOTS.slice(samples.length).map((slot) => (
          <li key={slot} className="membership__sample membership__sample--empty">
            <Link to={paths.chooseSamples(orderId)} className="membership__add">
              <span className="membership__plus" aria-hidden="true">
                +
              </span>
              Choose a sample
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A canceled member can start the plan again with the saved card. */
function Restart() {
  const [isBusy, setIsBusy] = useState(false);
  async function restart() {
    setIsBusy(true);
    try {
      await restartMembership();
      notify(SubscriptionMessages.restarted, 'success');
    } catch {
      // The api client showed the server's message.
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <section className="membership__card membership__card--inactive" aria-labelledby="restart-title">
      <h2 id="restart-title" className="membership__inactive">
        Your membership is canceled
      </h2>
      <p>Restart your Discover Plan with your saved card: your next box is billed today.</p>
      <Button onClick={() => void restart()} isLoading={isBusy} loadingLabel="Restarting your membership">
        Restart membership
      </Button>
    </section>
  );
}

/**
 * No membership. A person who took the quiz but never paid has a first box waiting: the page says
 * so and offers to finish it (docs/product.md#member-area); anyone else is led to the quiz.
 */
function NotActive({ orderId }: { orderId: string | null }) {
  return (
    <section className="membership__card membership__card--inactive" aria-labelledby="inactive-title">
      <h2 id="inactive-title" className="membership__inactive">
        {MembershipMessages.notActive}
      </h2>
      {orderId ? (
        <>
          <p>
            Your first box is waiting: 2 prime picks matched to your quiz plus 2 samples you choose. Finish
            the checkout to pay for it and start your membership.
          </p>
          <Link to={paths.checkout(orderId)} className={buttonClass('primary')}>
            {MembershipMessages.finishFirstBox}
          </Link>
        </>
      ) : (
        <>
          <p>You have no active plan. Check out your first box of 4 samples to start your membership.</p>
          <Link to={Paths.quizStart} className={buttonClass('primary')}>
            {MembershipMessages.learnMore}
          </Link>
        </>
      )}
      <p className="membership__inactive-more">
        {orderId ? <Link to={paths.subscribe(orderId)}>What the Discover Plan includes</Link> : null}
        <Link to={paths.learnMore()}>Tub plans: pre-order Flex or Max</Link>
      </p>
    </section>
  );
}
