import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { ListState } from '../../components/list-parts.tsx';
import { useMember } from '../api/members.ts';
import { fullName } from './members-page.tsx';
import './members.css';
import { MailCard } from './mail-card.tsx';
import { ReferralsSection, ReviewsSection } from './member-activity.tsx';
import { Alerts } from './member-alerts.tsx';
import { CyclesSection } from './member-cycles.tsx';
import { OrdersSection } from './member-orders.tsx';
import { day } from './member-parts.tsx';
import { PaymentsSection, RefundsSection } from './member-payments.tsx';
import { MembershipCard } from './membership-card.tsx';
import { ShippingCard } from './shipping-card.tsx';

/** One member: membership, cycles, orders, payments, refunds, reviews and referrals, with actions. */
export function MemberPage() {
  const { memberId } = useParams();
  const { data, error, isLoading, reload } = useMember(memberId);
  const name = data ? fullName(data.identity) : '';
  return (
    <>
      <PageTitle title={data ? data.identity.email : 'Member'} />
      <p className="admin-breadcrumb">
        <Link to="/admin/members">Members</Link>
      </p>
      <ListState isLoading={isLoading} error={error} isEmpty={false} emptyText="" onRetry={reload}>
        {data ? (
          <>
            <header className="admin-page__header">
              <div>
                <h1 className="member__title">{data.identity.email}</h1>
                <p className="admin-page__intro">
                  {name ? `${name} · ` : ''}Joined {day(data.identity.createdAt)}
                  {data.identity.emailVerified ? ' · Email verified' : ' · Email not verified'}
                  {data.identity.phoneNumber ? ` · ${data.identity.phoneNumber}` : ''}
                </p>
              </div>
            </header>
            <Alerts detail={data} />
            <div className="member__grid">
              <MembershipCard detail={data} />
              <ShippingCard detail={data} />
              <MailCard detail={data} />
            </div>
            <OrdersSection detail={data} />
            <RefundsSection detail={data} />
            <PaymentsSection detail={data} />
            <CyclesSection detail={data} />
            <ReviewsSection detail={data} />
            <ReferralsSection detail={data} />
          </>
        ) : null}
      </ListState>
    </>
  );
}
