import { displayOrderNumber, formatMembershipDate, type OrderSummary } from '@store/contracts';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import './order-history.css';

const KIND_NAMES: Record<string, string> = {
  first_box: 'Discover box',
  pre_order: 'Tub pre-order',
  cart: 'Tub order',
  tub_plan: 'Tub plan delivery',
};

/** A pre-order opens its order page; a box opens its confirmation with the samples. */
function linkOf(order: OrderSummary): string {
  return order.kind === 'pre_order' || order.kind === 'tub_plan'
    ? paths.orderDetail(order.id)
    : paths.thankYou(order.id);
}

/** The member's orders (profile, Order History), each opening its detail. */
export function OrderHistory() {
  const { data, error, reload } = useMyOrders(true);
  if (error) {
    return (
      <div className="order-history">
        <p>We could not load your orders.</p>
        <Button variant="secondary" onClick={reload}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data) return <Spinner label="Loading your orders" />;
  if (!data.length) return <p className="order-history">You have no orders yet.</p>;
  return (
    <ul className="order-history" aria-label="Your orders">
      {data.map((order) => (
        <li key={order.id}>
          <Link to={linkOf(order)} className="order-history__row">
            <span className="order-history__name">
              {KIND_NAMES[order.kind] ?? 'Monthly box'} {displayOrderNumber(order.orderNumer)}
            </span>
            <span>{formatMembershipDate(order.datePaid ?? order.dateCreated)}</span>
            <span>{order.statusName}</span>
            <span className="order-history__total">
              {order.total.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
