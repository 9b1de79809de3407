import {
  type AdminCartOrder,
  CART_ORDER_SORTS,
  displayOrderNumber,
  formatUsd,
  productName,
} from '@store/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { notify } from '@/lib/notifications.ts';
import { AdminList, AdminTable, errorText, SortHeader, When } from '../../components/list-parts.tsx';
import { useListState } from '../../components/use-list-state.ts';
import type { ListDefaults } from '../../utils/list-params.ts';
import { batchSummary, shipCartOrders } from '../api/box-actions.ts';
import { useCartOrders } from '../api/get-boxes.ts';
import { ShipForm } from './ship-form.tsx';
import './fulfilment.css';

type Sort = (typeof CART_ORDER_SORTS)[number];
type Status = 'to_ship' | 'shipped';

const DEFAULTS: ListDefaults<Sort, Status> = {
  sorts: CART_ORDER_SORTS,
  sort: 'paid',
  filters: ['to_ship', 'shipped'],
  filter: 'to_ship',
};
const TABS: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'to_ship', label: 'To ship' },
  { value: 'shipped', label: 'Shipped' },
];

/** Paid cart orders of full-size tubs: ship them with a tracking number each. */
export function CartOrdersPage() {
  const [list, update] = useListState(DEFAULTS);
  const query = useCartOrders({
    status: list.filter,
    sort: list.sort,
    order: list.order,
    page: list.page,
    pageSize: 20,
  });
  const { data } = query;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isShipping, setShipping] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's address is the trigger
  useEffect(() => {
    setSelected(new Set());
    setShipping(false);
  }, [list.filter, list.page, list.sort, list.order]);

  const rows = data?.items ?? [];
  const chosen = rows.filter((o) => selected.has(o.orderId));
  const sortProps = { sort: list.sort, order: list.order, onSort: update };

  function toggle(orderId: string) {
    const next = new Set(selected);
    if (next.has(orderId)) next.delete(orderId);
    else next.add(orderId);
    setSelected(next);
  }

  async function ship(shipments: { orderId: string; trackingNumber: string }[]) {
    try {
      notify(batchSummary(await shipCartOrders(shipments), 'shipped', 'order'), 'success');
      setSelected(new Set());
      setShipping(false);
    } catch (err) {
      notify(errorText(err), 'error');
    }
  }

  return (
    <>
      <PageTitle title="Tub orders" />
      <nav className="admin-breadcrumb" aria-label="Breadcrumb">
        <Link to="/admin/fulfilment">Fulfillment</Link> / Tub orders
      </nav>
      <header className="admin-page__header">
        <div>
          <h1>Tub orders</h1>
          <p className="admin-page__intro">
            Paid shop orders of full-size tubs. Pack, then ship with a tracking number.
          </p>
        </div>
      </header>
      <fieldset className="admin-tabs">
        <legend className="visually-hidden">Show</legend>
        {TABS.map((tab) => (
          <label key={tab.value} className="admin-tabs__tab">
            <input
              type="radio"
              name="cart-order-status"
              value={tab.value}
              checked={list.filter === tab.value}
              onChange={() => update({ filter: tab.value })}
            />
            <span>{tab.label}</span>
          </label>
        ))}
      </fieldset>
      {list.filter === 'to_ship' ? (
        <div className="fulfilment-actions" role="toolbar" aria-label="Selected orders">
          <p className="fulfilment-actions__count" aria-live="polite">
            {chosen.length ? `${chosen.length} selected` : 'Select orders to ship them'}
          </p>
          <Button className="btn--small" disabled={!chosen.length} onClick={() => setShipping(true)}>
            Ship…
          </Button>
        </div>
      ) : null}
      {isShipping && chosen.length ? (
        <ShipForm targets={chosen} noun="order" onShip={ship} onCancel={() => setShipping(false)} />
      ) : null}
      <AdminList
        label="Tub orders"
        query={query}
        onPage={(page) => update({ page })}
        emptyText={list.filter === 'to_ship' ? 'No tub orders waiting to ship.' : 'No tub order shipped yet.'}
      >
        {(items) => (
          <AdminTable
            caption={`Tub orders, sorted by ${list.sort}`}
            className="fulfilment-table"
            items={items}
            columns={
              <>
                {list.filter === 'to_ship' ? (
                  <th scope="col" className="fulfilment-table__check">
                    <span className="visually-hidden">Select</span>
                  </th>
                ) : null}
                <SortHeader column="order" label="Order" {...sortProps} />
                <SortHeader column="email" label="Member" {...sortProps} />
                <th scope="col">Tubs</th>
                <SortHeader column="total" label="Total" className="admin-table__number" {...sortProps} />
                <SortHeader column="paid" label="Paid" {...sortProps} />
                {list.filter === 'shipped' ? <th scope="col">Tracking</th> : null}
              </>
            }
            row={(o) => (
              <CartOrderRow
                key={o.orderId}
                order={o}
                selectable={list.filter === 'to_ship'}
                isSelected={selected.has(o.orderId)}
                onToggle={() => toggle(o.orderId)}
              />
            )}
          />
        )}
      </AdminList>
    </>
  );
}

function CartOrderRow({
  order: o,
  selectable,
  isSelected,
  onToggle,
}: {
  order: AdminCartOrder;
  selectable: boolean;
  isSelected: boolean;
  onToggle: () => void;
}) {
  return (
    <tr className={isSelected ? 'fulfilment-table__row--selected' : undefined}>
      {selectable ? (
        <td className="fulfilment-table__check">
          <input
            type="checkbox"
            checked={isSelected}
            onChange={onToggle}
            aria-label={`Select order ${displayOrderNumber(o.orderNumber)} (${o.memberName})`}
          />
        </td>
      ) : null}
      <th scope="row" className="admin-table__title">
        {displayOrderNumber(o.orderNumber)}
        <Link to={`/admin/fulfilment/packing?ids=${o.orderId}`} className="admin-table__sub">
          Packing list
        </Link>
      </th>
      <td className="fulfilment-table__member">
        {o.memberName}
        <span className="admin-table__sub">{o.email}</span>
      </td>
      <td>
        <ul className="fulfilment-items">
          {o.items.map((item) => (
            <li key={item.productId}>
              {item.quantity} × {item.brand} {productName(item)}
            </li>
          ))}
        </ul>
      </td>
      <td className="admin-table__number">{formatUsd(o.totalCents)}</td>
      <td>{o.paidAt ? <When iso={o.paidAt} /> : '–'}</td>
      {selectable ? null : (
        <td>
          <span className="fulfilment-tracking">{o.trackingNumber ?? '–'}</span>
          {o.shippedAt ? (
            <span className="admin-table__sub">
              <When iso={o.shippedAt} />
            </span>
          ) : null}
        </td>
      )}
    </tr>
  );
}
