import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { MemberGate } from './member-gate.tsx';
import { ScheduleOptions } from './schedule-options.tsx';
import { SkipPause } from './skip-pause.tsx';

/** /cancel (docs/product.md#member-area): the alternatives to canceling, then Continue Cancellation. */
export function CancelPage() {
  return (
    <MemberGate title="Cancel Membership">
      {(subscription) => (
        <main className="member-page">
          <PageTitle title="Cancel Membership" />
          <h1 className="member-page__title">Don't go! Change your Delivery Schedule?</h1>
          <section className="member-page__card">
            <ScheduleOptions
              key={subscription.deliveryScheduleDuration}
              currentDays={subscription.deliveryScheduleDuration}
            />
          </section>
          <section className="member-page__card" aria-labelledby="break-title">
            <h2 id="break-title" className="member-page__subtitle">
              Or take a break
            </h2>
            <SkipPause subscription={subscription} />
          </section>
          <div className="member-page__actions">
            <Link to={paths.cancelReason()} className={buttonClass('secondary')}>
              Continue Cancellation
            </Link>
            <Link to={paths.membership()}>Keep my membership</Link>
          </div>
        </main>
      )}
    </MemberGate>
  );
}
