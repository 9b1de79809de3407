import { CartCheckoutMessages, displayOrderNumber, productName } from '@store/contracts';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { supportMailto } from '@/lib/support.ts';
import { usePlacedOrder } from '../api/cart-checkout-api.ts';
import { completedOrderFrom } from '../utils/completed-order.ts';
import { usd } from '../utils/money.ts';
import './cart-checkout.css';

/** /checkout-completed (docs/product.md#shop-and-cart, docs/product.md#states-and-flows): the order placed, where to see it, and help for a missing mail. */
export function CheckoutCompletedPage() {
  const location = useLocation();
  const order = completedOrderFrom(location.state);
  const { data: placed } = usePlacedOrder(order?.orderId);
  const lines = placed?.items.filter((i) => i.productId !== null) ?? [];
  return (
    <main className="cart-checkout cart-checkout--state">
      <PageTitle title="Order placed" />
      <div className="cart-checkout__state completed">
        <svg className="completed__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path fill="#fff" d="m20.5 31.2-7-7 2.8-2.8 4.2 4.2 11.2-11.2 2.8 2.8z" />
        </svg>
        <h1>{CartCheckoutMessages.thankYou}</h1>
        <p className="completed__lead">Your order has been placed.</p>
        {order ? (
          <dl className="completed__facts">
            <div>
              <dt>Order number</dt>
              <dd>{displayOrderNumber(order.orderNumer)}</dd>
            </div>
            <div>
              <dt>Total paid</dt>
              <dd>{usd(order.total)}</dd>
            </div>
          </dl>
        ) : null}
        {lines.length ? (
          <section className="completed__lines" aria-labelledby="completed-lines-title">
            <h2 id="completed-lines-title" className="completed__subtitle">
              Your tubs
            </h2>
            <ul>
              {lines.map((line) => (
                <li key={line.id}>
                  {line.brandName ? `${line.brandName} ` : ''}
                  {productName(line)} x{line.quantity}
                </li>
              ))}
            </ul>
            <p>
              What happens next: we pack your tubs and email you the tracking number as soon as they ship.
            </p>
          </section>
        ) : null}
        <p>{CartCheckoutMessages.confirmationSent}</p>
        <div className="completed__actions">
          {order ? (
            <Link to={paths.orderDetail(order.orderId)} className={buttonClass('primary')}>
              View your order
            </Link>
          ) : null}
          <Link to={paths.shop()} className={buttonClass(order ? 'secondary' : 'primary')}>
            Back to the shop
          </Link>
        </div>
        <p className="completed__help">
          No confirmation email?{' '}
          <a href={supportMailto(order ? `Order ${displayOrderNumber(order.orderNumer)}` : 'My shop order')}>
            Contact us
          </a>
        </p>
      </div>
    </main>
  );
}
