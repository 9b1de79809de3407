import {
  ASSEMBLY_DAYS,
  BUILD_DEADLINE_DAYS,
  BUILD_YOUR_BOX_STAGE,
  CYCLE_STAGES,
  type CycleDates,
  formatMembershipDate,
  SUBSCRIPTION_STATUS_NAMES,
  type Subscription,
} from '@store/contracts';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { TrackingLink } from '@/components/ui/tracking-link.tsx';
import { paths } from '@/config/paths.ts';
import { useRenewalConfirmation } from '../api/membership-api.ts';
import { ReportIssue } from './report-issue.tsx';

const DAY_MS = 86_400_000;

/** The assembly range: from the build deadline (billing + 3 days) to 5 days later, or TBD. */
export function assemblyRange(cycleStart: string | null): string {
  const start = cycleStart ? new Date(cycleStart).getTime() : Number.NaN;
  if (Number.isNaN(start)) return formatMembershipDate(null);
  const from = new Date(start + BUILD_DEADLINE_DAYS * DAY_MS);
  const to = new Date(from.getTime() + ASSEMBLY_DAYS * DAY_MS);
  return `${formatMembershipDate(from.toISOString())} - ${formatMembershipDate(to.toISOString())}`;
}

/** "March 4, 2027 - March 9, 2027": Box Assembly from the build deadline to the expected ship date. */
function assemblyOf(dates: CycleDates): string {
  return `${formatMembershipDate(dates.buildDeadline)} - ${formatMembershipDate(dates.assemblyEndDate)}`;
}

/**
 * The cycle's dates under its stage: the build deadline while choosing, assembly and the expected
 * ship date, then the real ship date with tracking and the delivery date. Nothing before billing.
 */
export function CycleDatesList({ dates, stage }: { dates: CycleDates | null; stage: number }) {
  if (!dates || stage < BUILD_YOUR_BOX_STAGE) return null;
  const rows: [string, React.ReactNode][] = [];
  if (stage === BUILD_YOUR_BOX_STAGE)
    rows.push(['Choose your samples by', formatMembershipDate(dates.buildDeadline)]);
  if (!dates.shippedDate) {
    rows.push(['Box assembly', assemblyOf(dates)]);
    rows.push(['Expected to ship', formatMembershipDate(dates.expectedShipDate)]);
  } else {
    rows.push(['Shipped', formatMembershipDate(dates.shippedDate)]);
    rows.push([
      'Tracking number',
      dates.trackingNumber ? (
        <TrackingLink key="tracking" trackingNumber={dates.trackingNumber} />
      ) : (
        'Not available yet'
      ),
    ]);
    if (dates.deliveredDate) rows.push(['Delivered', formatMembershipDate(dates.deliveredDate)]);
  }
  return (
    <dl className="membership__dates" aria-label="Dates of this box">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The 6-stage tracker: stage = cycleStatus + 1 (docs/product.md#membership-cycle). */
export function CycleTracker({ stage }: { stage: number }) {
  return (
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
  );
}

/** What the current stage says and offers (docs/product.md#membership-cycle). */
export function StageContent({
  subscription,
  stage,
  isBoxSet = false,
}: {
  subscription: Subscription;
  stage: number;
  /** The member saved 2 chosen samples for this box. */
  isBoxSet?: boolean;
}) {
  const orderId = subscription.currentOrderId;
  const dates = subscription.cycleDates;
  switch (stage) {
    case 0:
      if (subscription.statusName === SUBSCRIPTION_STATUS_NAMES.past_due) return <PastDue />;
      return (
        <div className="membership__next">
          <h3 className="membership__stage-title">Your Cycle Begins!</h3>
          <p>We are preparing this cycle's box and its 2 prime picks.</p>
        </div>
      );
    case 1:
      return (
        <div className="membership__next">
          <p>
            {isBoxSet
              ? 'Your box is set: your 2 prime picks and the 2 samples you chose. You can still change them until the deadline.'
              : `Pick 2 of your 4 samples by ${formatMembershipDate(dates?.buildDeadline)}; we chose the other 2 from your quiz.`}
          </p>
          {orderId ? (
            <Link
              to={paths.buildYourBox(orderId)}
              className={buttonClass(isBoxSet ? 'secondary' : 'primary')}
            >
              {isBoxSet ? 'See my box' : 'Build Your Box'}
            </Link>
          ) : null}
        </div>
      );
    case 2:
      return (
        <div className="membership__next">
          <p>
            Your box is being assembled:{' '}
            <strong>{dates ? assemblyOf(dates) : assemblyRange(subscription.billingCycleStartDate)}</strong>
          </p>
        </div>
      );
    case 3:
      return (
        <div className="membership__next">
          <p>
            Your box is on its way
            {dates?.trackingNumber ? (
              <>
                : tracking number{' '}
                <strong>
                  <TrackingLink trackingNumber={dates.trackingNumber} />
                </strong>
              </>
            ) : null}
            .
          </p>
          <ReportIssue />
        </div>
      );
    case 4:
      return (
        <div className="membership__next">
          <h3 className="membership__stage-title">Time to Try Your Samples</h3>
          <p>Taste each sample, review it, then pick the full-size tub you liked best.</p>
          <Link to={paths.reviewBox()} className={buttonClass('primary')}>
            Review my box
          </Link>
        </div>
      );
    default:
      return (
        <div className="membership__next">
          <h3 className="membership__stage-title">Select Your Perfect Tub</h3>
          <Link to={paths.shop()} className={buttonClass('primary')}>
            Shop
          </Link>
        </div>
      );
  }
}

/**
 * Stage 1 while a renewal failed (docs/product.md#failed-renewals): the box waits for the payment; the
 * member replaces the card, or confirms the payment when the bank asked for that (docs/reliability.md#d6).
 */
function PastDue() {
  const { data: confirmation } = useRenewalConfirmation();
  return (
    <div className="membership__next membership__past-due" role="status">
      <div>
        <h3 className="membership__stage-title">Payment Past Due</h3>
        {confirmation ? (
          <p>Your bank wants you to confirm this renewal before we can charge your card.</p>
        ) : (
          <p>
            We could not charge your card for this box. We will try again in a few days; replace your card now
            so your box can be built.
          </p>
        )}
      </div>
      {confirmation ? (
        <Link to={paths.confirmPayment()} className={buttonClass('primary')}>
          Confirm payment
        </Link>
      ) : (
        <Link to={paths.billing()} className={buttonClass('primary')}>
          Update card
        </Link>
      )}
    </div>
  );
}
