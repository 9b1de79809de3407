import { formatMembershipDate } from '@store/contracts';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { MemberGate } from './member-gate.tsx';
import { NextBoxDate } from './next-box-date.tsx';
import { ScheduleOptions } from './schedule-options.tsx';
import { SkipPause } from './skip-pause.tsx';

/** /frequency (docs/product.md#member-area): the delivery schedule, skip and pause. */
export function FrequencyPage() {
  return (
    <MemberGate title="Delivery Schedule">
      {(subscription) => (
        <main className="member-page">
          <PageTitle title="Delivery Schedule" />
          <h1 className="member-page__title">Delivery Schedule</h1>
          <section className="member-page__card">
            <p>
              Your next box is billed on {formatMembershipDate(subscription.isoutcNextBillingDate)}. Choose
              how often your boxes come.
            </p>
            <ScheduleOptions
              key={subscription.deliveryScheduleDuration}
              currentDays={subscription.deliveryScheduleDuration}
            />
          </section>
          <section className="member-page__card" aria-labelledby="next-box-title">
            <h2 id="next-box-title" className="member-page__subtitle">
              Your next box
            </h2>
            <NextBoxDate subscription={subscription} />
          </section>
          <section className="member-page__card" aria-labelledby="skip-title">
            <h2 id="skip-title" className="member-page__subtitle">
              Skip or pause
            </h2>
            <SkipPause subscription={subscription} />
          </section>
          <Link to={paths.membership()}>Back to my membership</Link>
        </main>
      )}
    </MemberGate>
  );
}
