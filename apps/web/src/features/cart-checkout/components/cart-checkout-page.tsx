import {
  type Cart,
  CartCheckoutMessages,
  type CartCheckoutQuote,
  type CheckoutPaymentResult,
  type PaymentMethod,
  type ShippingFormField,
  type ShippingFormValues,
  shippingFormErrors,
  TOAST_MS,
  toCheckoutIdentity,
} from '@store/contracts';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth.ts';
import { setCartCount } from '@/lib/cart-count.ts';
import { notify } from '@/lib/notifications.ts';
import { invalidate, setCached, useApi } from '@/lib/use-api.ts';
import {
  applyCoupon,
  createCheckoutPayment,
  deleteCartItem,
  forgetCartId,
  getQuote,
  getSavedCard,
  loadCheckoutCart,
  removeCoupon,
  saveCartItem,
} from '../api/cart-checkout-api.ts';
import { rememberCompletedOrder } from '../utils/completed-order.ts';
import { type CardSource, confirmCart } from '../utils/confirm-cart.ts';
import { CartTotals } from './cart-totals.tsx';
import { CouponBox } from './coupon-box.tsx';
import { SavedCard } from './saved-card.tsx';
import './cart-checkout.css';

export interface ShippingFormRenderProps {
  values: ShippingFormValues;
  errors: Partial<Record<ShippingFormField, string>>;
  onChange: (field: ShippingFormField, value: string) => void;
  onBlur: (field: ShippingFormField) => void;
  isDisabled?: boolean;
}

/** What the order summary hands the cart's lines: the items and what a change or a delete does. */
export interface CartLinesRenderProps {
  items: Cart['items'];
  isDisabled: boolean;
  onQuantity: (item: Cart['items'][number], quantity: number) => void;
  onDelete: (item: Cart['items'][number]) => void;
}

interface CartCheckoutPageProps {
  /** The first checkout's shipping form, composed by the route (features do not import each other). */
  renderShippingForm: (props: ShippingFormRenderProps) => ReactNode;
  /** The card field, composed by the route. */
  renderCardField: (isDisabled: boolean) => ReactNode;
  /** The cart's lines with their steppers and delete (the cart feature's), composed by the route. */
  renderCartLines: (props: CartLinesRenderProps) => ReactNode;
  /** The card field's handle. */
  card: RefObject<CardSource | null>;
  /** The cart changed here (quantity, item, coupon): the cart panel reads it again. */
  onCartChanged?: () => void;
  /** The cart became an order: the cart panel forgets it. */
  onOrderPlaced?: () => void;
}

const CART_KEY = 'cart-checkout:cart';
const CARD_KEY = 'cart-checkout:saved-card';

const SHIPPING_FIELDS: readonly ShippingFormField[] = [
  'firstName',
  'lastName',
  'street1',
  'street2',
  'city',
  'state',
  'postalCode',
];

/** /cart-checkout (spec 000 §2, §4; issue 7 item 4). */
export function CartCheckoutPage(props: CartCheckoutPageProps) {
  const cart = useApi(CART_KEY, loadCheckoutCart);
  const savedCard = useApi(CARD_KEY, getSavedCard);
  if (cart.error || savedCard.error) {
    const error = cart.error ?? savedCard.error;
    return (
      <StatePanel title="We could not load your cart">
        <p>
          {error instanceof ApiError && error.status < 500
            ? error.message
            : 'This is on our side. Please try again in a moment.'}
        </p>
        <Button
          onClick={() => {
            cart.reload();
            savedCard.reload();
          }}
        >
          Try again
        </Button>
      </StatePanel>
    );
  }
  if (cart.isLoading || savedCard.isLoading) {
    return (
      <main className="cart-checkout cart-checkout--state">
        <PageTitle title="Checkout" />
        <h1 className="visually-hidden">Checkout</h1>
        <Spinner large label="Loading your cart" />
      </main>
    );
  }
  if (!cart.data || cart.data.items.length === 0 || cart.data.status === 'ordered') {
    return (
      <StatePanel title={CartCheckoutMessages.emptyCart}>
        <p>Find tubs of the products you sampled, at member prices.</p>
        <Link to={paths.shop()} className={buttonClass('primary')}>
          Go to the shop
        </Link>
      </StatePanel>
    );
  }
  return <CheckoutForm {...props} cart={cart.data} savedCard={savedCard.data ?? null} />;
}

function StatePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="cart-checkout cart-checkout--state">
      <PageTitle title={title} />
      <div className="cart-checkout__state">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

function initialValues(
  identity:
    | {
        firstName: string | null;
        lastName: string | null;
        shippingAddress: {
          street1?: string | null;
          street2?: string | null;
          city?: string | null;
          state?: string | null;
          postalCode?: string | null;
        } | null;
      }
    | undefined,
): ShippingFormValues {
  const a = identity?.shippingAddress;
  return {
    firstName: identity?.firstName ?? '',
    lastName: identity?.lastName ?? '',
    street1: a?.street1 ?? '',
    street2: a?.street2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postalCode: a?.postalCode ?? '',
  };
}

function CheckoutForm({
  cart,
  savedCard,
  renderShippingForm,
  renderCardField,
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
  const [isSummaryOpen, setSummaryOpen] = useState(true);
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
        // Spec 000 §8: a tax calculation error is logged only; the server prices again at payment.
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

  /** A cart change: the answer replaces the cart; a stale version (409) reloads it. */
  async function change(run: () => Promise<Cart>) {
    setUpdating(true);
    try {
      replaceCart(await run());
      onCartChanged?.();
    } catch (error) {
      console.error('the cart could not be changed', error);
      if (error instanceof ApiError && error.status === 409) {
        notify(error.message, 'error');
        refreshCart();
      }
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
      // Spec 000 §8: logged, and processing reset so the member can retry.
      console.error('the cart payment failed', outcome.stage, outcome.message);
      setPaymentError(outcome.message);
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
          <section className="cart-checkout__section cart-summary" aria-labelledby="cart-summary-title">
            <h2 className="cart-checkout__section-title">
              <button
                type="button"
                id="cart-summary-title"
                className="cart-summary__toggle"
                aria-expanded={isSummaryOpen}
                aria-controls="cart-summary-body"
                onClick={() => setSummaryOpen((open) => !open)}
              >
                <span>Order Summary</span>
                <span className="cart-summary__count">
                  {cart.cartItemsCount} {cart.cartItemsCount === 1 ? 'item' : 'items'}
                </span>
                <span className="cart-summary__chevron" aria-hidden="true" />
              </button>
            </h2>
            <div id="cart-summary-body" hidden={!isSummaryOpen}>
              {cart.status !== 'open' ? (
                <p className="cart-checkout__note">
                  This cart is being paid for; it can no longer be changed.
                </p>
              ) : null}
              {renderCartLines({
                items: cart.items,
                isDisabled: isLocked || isUpdating,
                onQuantity: (item, quantity) =>
                  change(() => saveCartItem({ id: item.id, quantity, version: cart.version })),
                onDelete: (item) => change(() => deleteCartItem({ id: item.id, version: cart.version })),
              })}
              <CouponBox
                cart={cart}
                isDisabled={isLocked || isUpdating}
                onApply={(code) => change(() => applyCoupon(cart.id, code))}
                onRemove={() => change(() => removeCoupon(cart.id))}
              />
            </div>
          </section>
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
          <section className="cart-checkout__section" aria-labelledby="cart-payment-title">
            <h2 id="cart-payment-title" className="cart-checkout__section-title">
              Payment info
            </h2>
            {savedCard && !useNewCard ? (
              <SavedCard card={savedCard} isDisabled={isProcessing} onUseNew={() => setUseNewCard(true)} />
            ) : (
              <>
                {renderCardField(isProcessing)}
                {savedCard ? (
                  <button
                    type="button"
                    className="cart-checkout__link-button"
                    disabled={isProcessing}
                    onClick={() => setUseNewCard(false)}
                  >
                    Use my saved card ending in {savedCard.last4Digits}
                  </button>
                ) : null}
              </>
            )}
          </section>
        </div>
        <aside className="cart-checkout__aside">
          <CartTotals
            cart={cart}
            quote={quote}
            isUpdating={isQuoting || isUpdating}
            hasState={Boolean(state)}
          />
          <Button type="submit" block disabled={isProcessing} aria-busy={isProcessing || undefined}>
            {isProcessing ? CartCheckoutMessages.confirming : CartCheckoutMessages.confirm}
          </Button>
          {paymentError ? (
            <p className="form-alert cart-checkout__error" role="alert">
              {paymentError}
            </p>
          ) : null}
          <p className="cart-checkout__fine-print">
            You are charged the total above once, now. Tubs ship within 3 business days.
          </p>
        </aside>
      </form>
    </main>
  );
}
