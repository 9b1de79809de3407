import {
  CheckoutMessages,
  DECLINED_CARD_HELP,
  DECLINED_SEE_CARD,
  DELIVERY_SCHEDULE_DAYS,
  firstRenewalDate,
  isShippingComplete,
  type Order,
  renewalNotice,
  type ShippingFormField,
  type ShippingFormValues,
  shippingFormErrors,
  toCheckoutIdentity,
} from '@store/contracts';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { loadAuthInfo, useAuth } from '@/lib/auth.ts';
import { startSession } from '@/lib/session.ts';
import { invalidate } from '@/lib/use-api.ts';
import { useCheckoutOrder } from '../api/get-checkout-order.ts';
import { createPaymentIntent, subscribe } from '../api/pay-order.ts';
import { updateTaxInfo } from '../api/update-tax-info.ts';
import { confirmOrder, type PaymentMethodSource } from '../utils/confirm-order.ts';
import { initialShipping, SHIPPING_FIELDS, taxKey } from '../utils/shipping-values.ts';
import { DiscoverBox, PreOrderBox } from './discover-box.tsx';
import { OrderSummary } from './order-summary.tsx';
import { ScheduleSelector } from './schedule-selector.tsx';
import { ShippingForm } from './shipping-form.tsx';
import './checkout.css';

interface CheckoutPageProps {
  orderId: string;
  /** The card field, composed by the route (features do not import each other). */
  renderCardField: (isDisabled: boolean) => ReactNode;
  /** The card field's handle. */
  paymentMethods: RefObject<PaymentMethodSource | null>;
}

/** /checkout/:orderId (docs/product.md#quiz-and-first-box, docs/product.md#states-and-flows): the box or pre-order, schedule, shipping, card, summary, Confirm order. */
export function CheckoutPage({ orderId, renderCardField, paymentMethods }: CheckoutPageProps) {
  const { data: order, error, isLoading, reload } = useCheckoutOrder(orderId);
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <StatePanel title="We could not find that order">
        <p>The link may be incomplete, or the order belongs to another account.</p>
        <Link to={paths.checkout()} className={buttonClass('primary')}>
          Go to my checkout
        </Link>
      </StatePanel>
    );
  }
  if (error) {
    return (
      <StatePanel title="We could not load your order">
        <p>This is on our side. Please try again in a moment.</p>
        <Button onClick={reload}>Try again</Button>
      </StatePanel>
    );
  }
  if (isLoading || !order) {
    return (
      <main className="checkout checkout--state">
        <PageTitle title="Checkout" />
        <h1 className="visually-hidden">Checkout</h1>
        <Spinner large label="Loading your order" />
      </main>
    );
  }
  if (!order.isPayable) {
    const next = order.kind === 'pre_order' ? paths.orderDetail(order.id) : paths.membership();
    return (
      <StatePanel title="This order is already paid">
        <p>Thank you! There is nothing left to pay for this order.</p>
        <Link to={next} className={buttonClass('primary')}>
          {order.kind === 'pre_order' ? 'See your pre-order' : 'Go to Membership'}
        </Link>
      </StatePanel>
    );
  }
  return <CheckoutForm order={order} renderCardField={renderCardField} paymentMethods={paymentMethods} />;
}

export function StatePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="checkout checkout--state">
      <PageTitle title={title} />
      <div className="checkout__state">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** How long typing must pause before tax is recalculated. */
const TAX_DEBOUNCE_MS = 400;

function CheckoutForm({
  order,
  renderCardField,
  paymentMethods,
}: {
  order: Order;
  renderCardField: CheckoutPageProps['renderCardField'];
  paymentMethods: CheckoutPageProps['paymentMethods'];
}) {
  const navigate = useNavigate();
  const { info } = useAuth();
  const [values, setValues] = useState<ShippingFormValues>(() => initialShipping(order, info?.identity));
  const [touched, setTouched] = useState<Partial<Record<ShippingFormField, boolean>>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [schedule, setSchedule] = useState(order.deliverySchedule ?? 0);
  const [isProcessing, setProcessing] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [isTaxUpdating, setTaxUpdating] = useState(false);
  const lastTaxKey = useRef<string | null>(order.identity.shippingAddress ? taxKey(values) : null);
  // The tax request in flight: a payment waits for it, so no tax update reaches an order being paid.
  const taxRequest = useRef<Promise<unknown> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const errors = shippingFormErrors(values);
  const shownErrors = Object.fromEntries(
    Object.entries(errors).filter(([field]) => isSubmitted || touched[field as ShippingFormField]),
  );

  // docs/product.md#states-and-flows: tax is recalculated once every required field is filled; the answer replaces the order.
  // Once the payment has started no tax update is sent: the payment computes the tax itself, and
  // the order is no longer open to changes (a late update would answer 409).
  useEffect(() => {
    if (isProcessing || !isShippingComplete(values)) return;
    const key = taxKey(values);
    if (key === lastTaxKey.current) return;
    const timer = setTimeout(() => {
      lastTaxKey.current = key;
      setTaxUpdating(true);
      const request = updateTaxInfo(order.id, toCheckoutIdentity(values))
        .catch((error: unknown) => {
          // docs/product.md#messages-on-screen: a tax calculation error is logged only; the server recomputes at payment.
          console.error('tax calculation failed', error);
          lastTaxKey.current = null;
        })
        .finally(() => {
          setTaxUpdating(false);
          if (taxRequest.current === request) taxRequest.current = null;
        });
      taxRequest.current = request;
    }, TAX_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [values, order.id, isProcessing]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isProcessing) return;
    setSubmitted(true);
    setPaymentError(null);
    const firstWrong = SHIPPING_FIELDS.find((field) => errors[field]);
    if (firstWrong) {
      const element = formRef.current?.elements.namedItem(firstWrong);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    const card = paymentMethods.current;
    if (!card) {
      setPaymentError(CheckoutMessages.stripeNotInitialized);
      return;
    }
    setProcessing(true);
    await taxRequest.current;
    const outcome = await confirmOrder(
      { orderId: order.id, deliverySchedule: schedule, identity: toCheckoutIdentity(values) },
      { card, createPaymentIntent, subscribe, newKey: () => crypto.randomUUID() },
    );
    if (!outcome.ok) {
      console.error('confirming the order failed', outcome.stage, outcome.message);
      setProcessing(false);
      if (outcome.isDeclined) {
        // docs/payments.md#a-declined-card: the reason and what to do at the card, which takes
        // focus; everything typed stays. Beside Confirm, where the eyes are, a pointer to it.
        card.showDecline?.(`${outcome.message} ${DECLINED_CARD_HELP}`);
        setPaymentError(`${outcome.message} ${DECLINED_SEE_CARD}`);
        return;
      }
      setPaymentError(outcome.message);
      return;
    }
    startSession(outcome.tokens);
    invalidate('checkout-order:');
    invalidate('order:');
    await loadAuthInfo();
    // Membership shows the paid order's number beside the first box and its dates.
    if (order.kind === 'pre_order') navigate(paths.orderDetail(order.id));
    else navigate(paths.membership(), { state: { paidOrderId: order.id } });
  }

  const title = order.kind === 'pre_order' ? 'Pre-order checkout' : 'Checkout';
  // The first renewal as the server will set it if the card is charged now, on the schedule
  // chosen above (docs/product.md#the-renewal-said-before-paying). A pre-order does not renew.
  const renewal =
    order.kind === 'pre_order'
      ? null
      : renewalNotice({
          date: firstRenewalDate(new Date(), schedule),
          priceCents: Math.round(order.price * 100),
          handlingFeeCents: Math.round(order.handlingFee * 100),
          everyDays: DELIVERY_SCHEDULE_DAYS[schedule] ?? DELIVERY_SCHEDULE_DAYS[0],
        });
  return (
    <main className="checkout">
      <PageTitle title={title} />
      <header className="checkout__header">
        <h1 className="checkout__title">{title}</h1>
        <p className="checkout__lead">Cancel anytime. Only available in the U.S.</p>
      </header>
      <form ref={formRef} className="checkout__layout" noValidate onSubmit={onSubmit}>
        <div className="checkout__main">
          <section
            className="checkout-section"
            aria-label={order.kind === 'pre_order' ? 'Your plan' : 'Your box'}
          >
            {order.kind === 'pre_order' ? <PreOrderBox order={order} /> : <DiscoverBox order={order} />}
          </section>
          <section className="checkout-section">
            <ScheduleSelector value={schedule} onChange={setSchedule} isDisabled={isProcessing} />
          </section>
          <section className="checkout-section" aria-labelledby="shipping-title">
            <h2 id="shipping-title" className="checkout-section__title">
              Shipping info
            </h2>
            <ShippingForm
              values={values}
              errors={shownErrors}
              isDisabled={isProcessing}
              onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
              onBlur={(field) => setTouched((t) => ({ ...t, [field]: true }))}
            />
          </section>
          <section className="checkout-section" aria-labelledby="payment-title">
            <h2 id="payment-title" className="checkout-section__title">
              Payment info
            </h2>
            {renderCardField(isProcessing)}
          </section>
        </div>
        <aside className="checkout__aside">
          <OrderSummary order={order} isTaxUpdating={isTaxUpdating} />
          {renewal ? (
            <p id="checkout-renewal" className="checkout__renewal">
              {renewal}
            </p>
          ) : null}
          <Button
            type="submit"
            block
            disabled={isProcessing}
            aria-busy={isProcessing || undefined}
            aria-describedby={renewal ? 'checkout-renewal' : undefined}
          >
            {isProcessing ? CheckoutMessages.confirming : CheckoutMessages.confirm}
          </Button>
          {paymentError ? (
            <p className="form-alert checkout__payment-error" role="alert">
              {paymentError}
            </p>
          ) : null}
          <p className="checkout__fine-print">
            {order.kind === 'pre_order'
              ? 'You are charged the total above now. Boxes are non-returnable.'
              : 'You are charged the total above now, then the plan price on each delivery until you cancel. Boxes are non-returnable.'}
          </p>
          <ul className="pay-promises" aria-label="What paying means">
            <li>Shipping is free; the handling fee is in the total above.</li>
            {order.kind === 'pre_order' ? null : (
              <li>
                Skip or pause a box under Membership, Delivery schedule, or cancel under Membership, Cancel
                membership, any time before a renewal. No phone call needed.
              </li>
            )}
          </ul>
        </aside>
      </form>
    </main>
  );
}
