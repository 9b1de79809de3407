import { displayOrderNumber, formatUsd } from '@store/contracts';
import { When } from '../../components/list-parts.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { type Detail, Section } from './member-parts.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Refunds made to the member and where each stands. */
export function RefundsSection({ detail }: { detail: Detail }) {
  const numbers = new Map(detail.orders.map((o) => [o.id, displayOrderNumber(o.orderNumber)]));
  return (
    <Section id="refunds-title" title="Refunds" count={detail.refunds.length}>
      <TableScroll labelledBy="refunds-title">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-table__number">
                Amount
              </th>
              <th scope="col">Reason</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {detail.refunds.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  {numbers.get(r.orderId) ?? `#${r.orderId.slice(0, 8)}`}
                  <span className="admin-table__sub">Refund {r.seq}</span>
                </th>
                <td>
                  <StatusBadge status={r.status} />
                  {r.failureReason ? <span className="admin-table__sub">{r.failureReason}</span> : null}
                </td>
                <td className="admin-table__number">{formatUsd(r.amountCents)}</td>
                <td>{r.reason || <span className="admin-muted">—</span>}</td>
                <td className="admin-table__nowrap">
                  <When iso={r.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Section>
  );
}

/** Every charge attempt at the payment provider. */
export function PaymentsSection({ detail }: { detail: Detail }) {
  const numbers = new Map(detail.orders.map((o) => [o.id, displayOrderNumber(o.orderNumber)]));
  return (
    <Section id="payments-title" title="Payments" count={detail.payments.length}>
      <TableScroll labelledBy="payments-title">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Source</th>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-table__number">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.payments.map((p) => (
              <tr key={`${p.source}-${p.paymentIntentId ?? 'none'}-${p.createdAt}`}>
                <td className="admin-table__nowrap">
                  <When iso={p.createdAt} />
                </td>
                <td>{p.source === 'checkout' ? 'Checkout' : 'Renewal'}</td>
                <td>{p.orderId ? (numbers.get(p.orderId) ?? `#${p.orderId.slice(0, 8)}`) : '—'}</td>
                <td>
                  <StatusBadge status={p.status} />
                  {p.declineCode ? <span className="admin-table__sub">{p.declineCode}</span> : null}
                </td>
                <td className="admin-table__number">{formatUsd(p.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Section>
  );
}
