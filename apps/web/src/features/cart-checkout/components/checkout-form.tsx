import {
  type Cart,
  CartCheckoutMessages,
  type CartCheckoutQuote,
  type CheckoutPaymentResult,
  DECLINED_CARD_HELP,
  DECLINED_SEE_CARD,
  type PaymentMethod,
  renewalNotice,
  type ShippingFormField,
  type ShippingFormValues,
  SUBSCRIPTION_STATUS_NAMES,
  type Subscription,
  shippingFormErrors,
  TOAST_MS,
  toCheckoutIdentity,
} from '@store/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth.ts';
import { setCartCount } from '@/lib/cart-count.ts';
import { notify } from '@/lib/notifications.ts';
import { invalidate, setCached } from '@/lib/use-api.ts';
import {
  applyCoupon,
  createCheckoutPayment,
  deleteCartItem,
  forgetCartId,
  getQuote,
  loadCheckoutCart,
  removeCoupon,
  saveCartItem,
} from '../api/cart-checkout-api.ts';
import { rememberCompletedOrder } from '../utils/completed-order.ts';
import { confirmCart } from '../utils/confirm-cart.ts';
import { initialValues } from '../utils/initial-values.ts';
import { CARD_KEY, CART_KEY, type CartCheckoutPageProps } from './cart-checkout-types.ts';
import { OrderSummarySection } from './order-summary-section.tsx';
import { PayAside } from './pay-aside.tsx';
import { PaymentSection } from './payment-section.tsx';

const SHIPPING_FIELDS: readonly ShippingFormField[] = [
  'firstName',
  'lastName',
  'street1',
  'street2',
  'city',
  'state',
  'postalCode',
];

/** The checkout of a cart that has lines: the summary, shipping, card, totals and Confirm. */
export function CheckoutForm({
  cart,
  savedCard,
  renderShippingForm,
  renderCardField,
  renderSavedCardNote,
  renderCartLines,
  card,
  onCartChanged,
  onOrderPlaced,
}: CartCheckoutPageProps & { cart: Cart; savedCard: PaymentMethod | null }) {
  const navigate = useNavigate();
  const { info } = useAuth();
  const [values, setValues] = useState<ShippingFormValues>(() => initialValues(info?.identity));
  const [touched, setTouched] = useState<Partial<Record<ShippingFormField, boolean>>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [isProcessing, setProcessing] = useState(false);
  const [isUpdating, setUpdating] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [useNewCard, setUseNewCard] = useState(savedCard === null);
  const [quote, setQuote] = useState<CartCheckoutQuote | null>(null);
  const [isQuoting, setQuoting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The profile arrives after a reload: prefill once it is there, unless the member typed already.
  const identity = info?.identity;
  const hasTyped = useRef(false);
  useEffect(() => {
    if (identity && !hasTyped.current) setValues(initialValues(identity));
  }, [identity]);

  const errors = shippingFormErrors(values);
  const shownErrors = Object.fromEntries(
    Object.entries(errors).filter(([field]) => isSubmitted || touched[field as ShippingFormField]),
  );
  const state = errors.state ? null : values.state;

  // The server's totals: again whenever the cart (its version, its coupon) or the state changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new cart version or coupon means new totals
  useEffect(() => {
    let isCurrent = true;
    setQuoting(true);
    getQuote(cart.id, state)
      .then((answer) => {
        if (isCurrent) setQuote(answer);
      })
      .catch((error: unknown) => {
        // A tax calculation error is logged only; the server prices again at payment.
        console.error('the checkout totals could not be loaded', error);
        if (isCurrent) setQuote(null);
      })
      .finally(() => {
        if (isCurrent) setQuoting(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [cart.id, cart.version, cart.couponId, state]);

  function replaceCart(next: Cart | null) {
    if (!next) {
      invalidate(CART_KEY);
      return;
    }
    setCached(CART_KEY, next);
    setCartCount(next.cartItemsCount);
  }

  /** Reads the cart again in place (the form keeps what was typed and the card chosen). */
  function refreshCart() {
    loadCheckoutCart()
      .then(replaceCart)
      .catch((error: unknown) => console.error('the cart could not be reloaded', error));
  }

  /**
   * A cart change: the answer replaces the cart; a stale version (409) reloads it. Answers the
   * server's reason when it refused the change (shown beside the field that asked), null when done.
   */
  async function change(run: () => Promise<Cart>): Promise<string | null> {
    setUpdating(true);
    try {
      replaceCart(await run());
      onCartChanged?.();
      return null;
    } catch (error) {
      console.error('the cart could not be changed', error);
      if (error instanceof ApiError && error.status === 409) {
        notify(error.message, 'error');
        refreshCart();
      }
      return error instanceof ApiError && error.status < 500
        ? error.message
        : 'This is on our side. Please try again in a moment.';
    } finally {
      setUpdating(false);
    }
  }

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
    const newCard = useNewCard ? card.current : null;
    if (useNewCard && !newCard) {
      setPaymentError('Stripe not initialized correctly.');
      return;
    }
    setProcessing(true);
    const outcome = await confirmCart(
      {
        cartId: cart.id,
        identity: toCheckoutIdentity(values),
        savedPaymentMethodId: useNewCard ? null : (savedCard?.stripeMethodId ?? null),
      },
      { card: newCard, createCheckoutPayment, newKey: () => crypto.randomUUID() },
    );
    if (!outcome.ok) {
      // Logged, and processing reset so the member can retry.
      console.error('the cart payment failed', outcome.stage, outcome.message);
      // docs/payments.md#a-declined-card: a new card's decline is said at the card, with what to do.
      if (outcome.isDeclined && newCard?.showDecline) {
        newCard.showDecline(`${outcome.message} ${DECLINED_CARD_HELP}`);
        setPaymentError(`${outcome.message} ${DECLINED_SEE_CARD}`);
      } else {
        setPaymentError(outcome.message);
      }
      setProcessing(false);
      refreshCart();
      return;
    }
    finish(outcome.result);
  }

  function finish(result: CheckoutPaymentResult) {
    rememberCompletedOrder(result);
    forgetCartId();
    onOrderPlaced?.();
    setCartCount(0);
    invalidate('cart');
    invalidate(CARD_KEY);
    notify(CartCheckoutMessages.orderPlaced, 'success', TOAST_MS);
    navigate(paths.checkoutCompleted(), { state: result });
  }

  const isLocked = isProcessing || cart.status !== 'open';
  return (
    <main className="cart-checkout">
      <PageTitle title="Checkout" />
      <header className="cart-checkout__header">
        <h1 className="cart-checkout__title">Checkout</h1>
        <p className="cart-checkout__lead">Full-size tubs at member prices. Shipping is free.</p>
      </header>
      <form ref={formRef} className="cart-checkout__layout" noValidate onSubmit={onSubmit}>
        <div className="cart-checkout__main">
          <OrderSummarySection
            cart={cart}
            isDisabled={isLocked || isUpdating}
            renderCartLines={renderCartLines}
            onQuantity={(item, quantity) =>
              void change(() => saveCartItem({ id: item.id, quantity, version: cart.version }))
            }
            onDelete={(item) => void change(() => deleteCartItem({ id: item.id, version: cart.version }))}
            onApplyCoupon={(code) => change(() => applyCoupon(cart.id, code))}
            onRemoveCoupon={() => change(() => removeCoupon(cart.id))}
          />
          <section className="cart-checkout__section" aria-labelledby="cart-shipping-title">
            <h2 id="cart-shipping-title" className="cart-checkout__section-title">
              Shipping info
            </h2>
            {renderShippingForm({
              values,
              errors: shownErrors,
              isDisabled: isProcessing,
              onChange: (field, value) => {
                hasTyped.current = true;
                setValues((v) => ({ ...v, [field]: value }));
              },
              onBlur: (field) => setTouched((t) => ({ ...t, [field]: true })),
            })}
          </section>
          <PaymentSection
            savedCard={savedCard}
            useNewCard={useNewCard}
            isDisabled={isProcessing}
            renderCardField={renderCardField}
            renderSavedCardNote={renderSavedCardNote}
            onUseNewCard={setUseNewCard}
          />
        </div>
        <PayAside
          cart={cart}
          quote={quote}
          isUpdating={isQuoting || isUpdating}
          hasState={Boolean(state)}
          isProcessing={isProcessing}
          paymentError={paymentError}
          renewal={membershipRenewal(info?.subscription ?? null)}
        />
      </form>
    </main>
  );
}

/**
 * The member's next box as their plan stands: buying tubs changes neither its date nor its
 * price (docs/product.md#the-renewal-said-before-paying). None without a live plan.
 */
function membershipRenewal(subscription: Subscription | null): string | null {
  if (
    !subscription?.isoutcNextBillingDate ||
    subscription.statusName === SUBSCRIPTION_STATUS_NAMES.canceled
  ) {
    return null;
  }
  return renewalNotice({
    date: subscription.isoutcNextBillingDate,
    priceCents: Math.round(subscription.subscriptionPrice * 100),
    handlingFeeCents: Math.round(subscription.handlingFee * 100),
    everyDays: subscription.deliveryScheduleDuration,
  });
}
