import { displayOrderNumber, formatUsd, orderKindName } from '@store/contracts';
import { useState } from 'react';
import { TableScroll } from '../../components/table-scroll.tsx';
import { type Detail, day, type Order, Section } from './member-parts.tsx';
import { RefundForm } from './refund-form.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The member's orders, each with a refund action. */
export function OrdersSection({ detail }: { detail: Detail }) {
  const [refunding, setRefunding] = useState<string | null>(null);
  const open = detail.orders.find((o) => o.id === refunding);
  return (
    <Section id="orders-title" title="Orders" count={detail.orders.length}>
      <TableScroll labelledBy="orders-title">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-table__number">
                Total
              </th>
              <th scope="col">Paid</th>
              <th scope="col" className="admin-table__number">
                Refundable
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.orders.map((o) => (
              <OrderRow key={o.id} order={o} isOpen={refunding === o.id} onOpen={() => setRefunding(o.id)} />
            ))}
          </tbody>
        </table>
      </TableScroll>
      {open ? <RefundForm key={open.id} order={open} onDone={() => setRefunding(null)} /> : null}
    </Section>
  );
}

function OrderRow({ order: o, isOpen, onOpen }: { order: Order; isOpen: boolean; onOpen: () => void }) {
  return (
    <tr>
      <th scope="row" className="admin-table__title">
        {displayOrderNumber(o.orderNumber)}
        <span className="admin-table__sub">{orderKindName(o.kind)}</span>
      </th>
      <td>
        <StatusBadge status={o.status} />
      </td>
      <td className="admin-table__number">{formatUsd(o.totalCents)}</td>
      <td className="admin-table__nowrap">{day(o.paidAt)}</td>
      <td className="admin-table__number">{o.refundableCents > 0 ? formatUsd(o.refundableCents) : '—'}</td>
      <td className="admin-table__actions">
        {o.refundableCents > 0 ? (
          <button
            type="button"
            className="admin-link-button"
            onClick={onOpen}
            disabled={isOpen}
            aria-label={`Refund order ${displayOrderNumber(o.orderNumber)}`}
          >
            Refund
          </button>
        ) : null}
      </td>
    </tr>
  );
}
