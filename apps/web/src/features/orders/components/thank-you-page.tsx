import { displayOrderNumber, type Order, productName } from '@store/contracts';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useOrder } from '../api/get-order.ts';
import './orders.css';

/** The thank-you page's two lines, word for word as the product has them (docs/product.md#member-area). */
export const ThankYouCopy = {
  placed: 'Your order has been placed successfully.',
  invoice: 'Check your email for the invoice.',
} as const;

function usd(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

function placedOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** /thank-you/:orderId (docs/product.md#member-area): the order number, date, total, status and items. */
export function ThankYouPage({ orderId }: { orderId: string | undefined }) {
  const { data: order, error, isLoading, reload } = useOrder(orderId);
  if (!orderId || (error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    return (
      <main className="thank-you thank-you--state">
        <PageTitle title="Order not found" />
        <div className="thank-you__state">
          <h1>We could not find that order</h1>
          <p>The link may be incomplete, or the order belongs to another account.</p>
          <Link to={paths.membership()} className={buttonClass('primary')}>
            Go to Membership
          </Link>
        </div>
      </main>
    );
  }
  if (error) {
    return (
      <main className="thank-you thank-you--state">
        <PageTitle title="Your order" />
        <div className="thank-you__state">
          <h1>We could not load your order</h1>
          <p>This is on our side. Please try again in a moment.</p>
          <Button onClick={reload}>Try again</Button>
        </div>
      </main>
    );
  }
  if (isLoading || !order) {
    return (
      <main className="thank-you thank-you--state">
        <h1 className="visually-hidden">Your order</h1>
        <Spinner large label="Loading your order" />
      </main>
    );
  }
  return <PlacedOrder order={order} />;
}

function PlacedOrder({ order }: { order: Order }) {
  return (
    <main className="thank-you">
      <PageTitle title="Thank you" />
      <header className="thank-you__header">
        <span className="thank-you__check" aria-hidden="true">
          ✓
        </span>
        <h1 className="thank-you__title">{ThankYouCopy.placed}</h1>
        <p className="thank-you__lead">{ThankYouCopy.invoice}</p>
      </header>
      <section className="thank-you__card" aria-labelledby="order-facts-title">
        <h2 id="order-facts-title" className="visually-hidden">
          Order details
        </h2>
        <dl className="thank-you__facts">
          <div>
            <dt>Order number</dt>
            <dd>{displayOrderNumber(order.orderNumer)}</dd>
          </div>
          <div>
            <dt>Date placed</dt>
            <dd>{placedOn(order.datePaid ?? order.dateCreated)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{usd(order.total)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className="thank-you__badge">{order.statusName}</span>
            </dd>
          </div>
        </dl>
      </section>
      <section className="thank-you__card" aria-labelledby="order-items-title">
        <h2 id="order-items-title" className="thank-you__section-title">
          Items
        </h2>
        <ul className="thank-you__items">
          {order.items.map((item) => (
            <li key={item.id} className="thank-you__item">
              <img
                src={item.sampleImage.originalPath || item.image.originalPath}
                alt=""
                width={72}
                height={72}
                loading="lazy"
              />
              <div>
                <strong className="thank-you__item-title">{productName(item)}</strong>
                {item.brandName ? <span className="thank-you__item-brand">{item.brandName}</span> : null}
                <p className="thank-you__item-description">{item.description}</p>
              </div>
              <span className="thank-you__item-price">{item.price > 0 ? usd(item.price) : 'Included'}</span>
            </li>
          ))}
        </ul>
      </section>
      <Link to={paths.membership()} className={buttonClass('primary')}>
        Go to Membership
      </Link>
    </main>
  );
}
