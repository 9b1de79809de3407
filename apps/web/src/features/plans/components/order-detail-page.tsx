import { productName } from '@store/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { supportMailto } from '@/lib/support.ts';
import { useSeo } from '@/lib/use-seo.ts';
import { useMyReferralLink } from '../api/get-my-referrals.ts';
import { type PreOrderDetail, useOrder } from '../api/get-order.ts';
import { formatDollars, orderNumberLabel } from '../utils/pre-order.ts';
import './order-detail-page.css';
import { TrackingLink } from '@/components/ui/tracking-link.tsx';

/**
 * /order-detail/:orderId: the paid pre-order as docs/product.md#member-area draws it, and the same layout for
 * the member's other orders (sample boxes and shop orders) that the order history opens, with
 * loading, not-found and error states.
 */
export function OrderDetailPage({ orderId }: { orderId: string | undefined }) {
  useSeo({ title: 'Your order', description: 'The details of your Sample First order.' });
  const { data, error, isLoading, reload } = useOrder(orderId);

  if (
    !orderId ||
    (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400))
  ) {
    return (
      <StateCard title="We could not find that order">
        <p>
          The link may be incomplete, or the order belongs to another account. Your orders are listed under
          Membership.
        </p>
        <Link to={paths.membership()} className={buttonClass('primary')}>
          Go to Membership
        </Link>
      </StateCard>
    );
  }
  if (error) {
    return (
      <StateCard title="We could not load your order">
        <p>This is on our side. Please try again in a moment.</p>
        <Button onClick={reload}>Try again</Button>
      </StateCard>
    );
  }
  if (isLoading || !data) {
    return (
      <main className="order-detail order-detail--state">
        <h1 className="visually-hidden">Your order</h1>
        <Spinner large label="Loading your order" />
      </main>
    );
  }
  return <OrderDetail order={data} />;
}

/** The headline and lead of each kind of order. */
function headingOf(order: PreOrderDetail): { title: string; lead: string } {
  switch (order.kind) {
    case 'pre_order':
      return {
        title: 'Thank you for your pre-order!',
        lead: 'Tub plans launch in 2-3 months. We will email you before your first delivery ships, and you can change or cancel your pre-order until then.',
      };
    case 'tub_plan':
      return {
        title: 'Your tub plan delivery',
        lead: order.trackingNumber
          ? 'Your tubs are on their way.'
          : 'We are packing your tubs and will email you a tracking number when they ship. Change, skip or pause your next delivery on Membership.',
      };
    case 'cart':
      return {
        title: 'Thank you for your order!',
        lead: order.trackingNumber
          ? 'Your tubs are on their way.'
          : 'We are packing your tubs and will email you a tracking number when they ship.',
      };
    default:
      return {
        title: 'Your sample box',
        lead: 'Follow this box from assembly to your door on your Membership page.',
      };
  }
}

/** The summary's lines before the subtotal: the plan, the tubs with their list prices, or the box. */
function SummaryLines({ order }: { order: PreOrderDetail }) {
  if (order.kind === 'pre_order') {
    return (
      <tr>
        <th scope="row">Pre-Order x1</th>
        <td>{formatDollars(order.price ?? order.items?.[0]?.price)}</td>
      </tr>
    );
  }
  if (order.kind === 'cart' || order.kind === 'tub_plan') {
    return (
      <>
        {order.items.map((item) => (
          <tr key={item.id}>
            <th scope="row">
              {item.brandName ? `${item.brandName} ` : ''}
              {productName(item)} x{item.quantity}
              {/* Max's fifth tub (docs/product.md#tub-plans). */}
              {order.kind === 'tub_plan' && item.price === 0 ? ' (free)' : ''}
            </th>
            <td>
              {item.undiscountedPrice !== null && item.undiscountedPrice > item.price ? (
                <s className="order-detail__was">
                  <span className="visually-hidden">Was </span>
                  {formatDollars(item.undiscountedPrice)}
                </s>
              ) : null}{' '}
              {formatDollars(item.price)}
            </td>
          </tr>
        ))}
      </>
    );
  }
  return (
    <>
      <tr>
        <th scope="row">Sample box x1</th>
        <td>{formatDollars(order.price)}</td>
      </tr>
      {order.items.map((item) =>
        // A tub added to the box is charged with it at the member price (docs/product.md#next-box-extras).
        item.undiscountedPrice !== null ? (
          <tr key={item.id}>
            <th scope="row">
              {item.brandName ? `${item.brandName} ` : ''}
              {productName(item)} x{item.quantity} (full-size tub)
            </th>
            <td>{formatDollars(item.price)}</td>
          </tr>
        ) : (
          <tr key={item.id} className="order-detail__sample">
            <th scope="row">
              {item.brandName ? `${item.brandName} ` : ''}
              {productName(item)}
            </th>
            <td>Included</td>
          </tr>
        ),
      )}
    </>
  );
}

function StateCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="order-detail order-detail--state">
      <div className="order-detail__state">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

function OrderDetail({ order }: { order: PreOrderDetail }) {
  const identity = order.identity;
  const address = identity?.shippingAddress;
  const subtotal = order.subTotal ?? order.price;
  const heading = headingOf(order);
  const subject = `${order.kind === 'pre_order' ? 'Pre-order' : 'Order'} ${orderNumberLabel(order)}`;
  const addressLines = address
    ? [
        address.street,
        [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', '),
        address.countryText,
      ].filter((line): line is string => Boolean(line))
    : [];
  return (
    <main className="order-detail">
      <header className="order-detail__header">
        <p className="order-detail__eyebrow">Order {orderNumberLabel(order)}</p>
        <h1 className="order-detail__title">{heading.title}</h1>
        <p className="order-detail__lead">{heading.lead}</p>
      </header>
      <div className="order-detail__grid">
        <section className="order-detail__card" aria-labelledby="order-customer-title">
          <h2 id="order-customer-title">Customer information</h2>
          <dl className="order-detail__facts">
            <div>
              <dt>Contact</dt>
              <dd>{identity?.emailAddress ?? '-'}</dd>
            </div>
            <div>
              <dt>Shipping address</dt>
              <dd>
                {identity?.displayName ? (
                  <span className="order-detail__line">{identity.displayName}</span>
                ) : null}
                {addressLines.length
                  ? addressLines.map((line) => (
                      <span key={line} className="order-detail__line">
                        {line}
                      </span>
                    ))
                  : '-'}
              </dd>
            </div>
            <div>
              <dt>Payment method</dt>
              <dd>
                {order.last4Digits ? `Card ending with ${order.last4Digits}` : 'Card'} ·{' '}
                {formatDollars(order.total)}
              </dd>
            </div>
            <div>
              <dt>Billing address</dt>
              <dd>Same as shipping address</dd>
            </div>
            {order.kind !== 'pre_order' ? (
              <div>
                <dt>Status</dt>
                <dd>{order.statusName}</dd>
              </div>
            ) : null}
            {order.trackingNumber ? (
              <div>
                <dt>Tracking number</dt>
                <dd className="order-detail__tracking">
                  <TrackingLink trackingNumber={order.trackingNumber} />
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section className="order-detail__card" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title">Order summary</h2>
          <table className="order-detail__summary">
            <tbody>
              <SummaryLines order={order} />
              <tr>
                <th scope="row">Subtotal</th>
                <td>{formatDollars(subtotal)}</td>
              </tr>
              {order.discount > 0 ? (
                <tr>
                  <th scope="row">Coupon</th>
                  <td>-{formatDollars(order.discount)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row">Taxes</th>
                <td>{formatDollars(order.taxAmount ?? 0)}</td>
              </tr>
              <tr>
                <th scope="row">{order.kind === 'tub_plan' ? 'Shipping and handling' : 'Handling fee'}</th>
                <td>{order.kind === 'tub_plan' ? 'Free' : formatDollars(order.handlingFee ?? 0)}</td>
              </tr>
              {order.kind === 'tub_plan' && order.storeCredit > 0 ? (
                <tr>
                  <th scope="row">Paid by your pre-order</th>
                  <td>-{formatDollars(order.storeCredit)}</td>
                </tr>
              ) : null}
              <tr className="order-detail__total">
                <th scope="row">Total</th>
                <td>{formatDollars(order.total)}</td>
              </tr>
            </tbody>
          </table>
          <p className="order-detail__help">
            Questions about this order? <a href={supportMailto(subject)}>Email support</a>.
          </p>
        </section>
        <ReferralBox />
      </div>
    </main>
  );
}

/** "Refer 2 friends, get a FREE TUB" with the member's own link (PUBLIC_URL, from the server) to the quiz. */
function ReferralBox() {
  const { data, error, reload } = useMyReferralLink();
  const field = useRef<HTMLInputElement>(null);
  const [feedback, setFeedback] = useState('');
  const link = data?.referralLink;

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setFeedback('Link copied!');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for Ctrl+C.
      field.current?.focus();
      field.current?.select();
      setFeedback('Press Ctrl+C (or ⌘C) to copy the selected link.');
    }
  }

  return (
    <section className="order-detail__referral" aria-labelledby="referral-title">
      <h2 id="referral-title">Refer 2 friends, get a FREE TUB</h2>
      <p>When 2 friends take the quiz with your link and get their first box, your next tub is on us.</p>
      {link ? (
        <div className="order-detail__referral-link">
          <label htmlFor="referral-link">Your referral link</label>
          <div>
            <input
              ref={field}
              id="referral-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy(link)}>
              Copy
            </Button>
          </div>
          <p className="order-detail__referral-feedback" role="status" aria-live="polite">
            {feedback}
          </p>
        </div>
      ) : error ? (
        <p className="order-detail__help" role="alert">
          We could not load your referral link.{' '}
          <button type="button" className="order-detail__link-button" onClick={reload}>
            Try again
          </button>
        </p>
      ) : (
        <p className="order-detail__help" role="status">
          Loading your referral link...
        </p>
      )}
    </section>
  );
}
