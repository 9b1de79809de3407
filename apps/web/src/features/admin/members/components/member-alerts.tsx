import { formatUsd } from '@store/contracts';
import { When } from '../../components/list-parts.tsx';
import type { Detail } from './member-parts.tsx';

/** What needs the operator now: failed refunds and disputes. */
export function Alerts({ detail }: { detail: Detail }) {
  const failed = detail.refunds.filter((r) => r.status === 'failed');
  if (failed.length === 0 && detail.disputes.length === 0) return null;
  return (
    <div className="member__alerts">
      {failed.map((r) => (
        <p key={r.id} className="admin-alert" role="alert">
          A refund of {formatUsd(r.amountCents)} failed at the payment provider
          {r.failureReason ? ` (${r.failureReason})` : ''}: the money did not go back to the member. Refund
          the order again or contact the member.
        </p>
      ))}
      {detail.disputes.map((d) => (
        <p key={d.id} className="admin-alert" role="alert">
          The member disputed a payment of {formatUsd(d.amountCents)} ({d.reason || 'no reason given'},{' '}
          {d.status}) on <When iso={d.createdAt} />. Answer the dispute in the payment provider's dashboard.
        </p>
      ))}
    </div>
  );
}
