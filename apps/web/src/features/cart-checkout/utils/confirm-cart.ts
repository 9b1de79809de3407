import type { CheckoutIdentity, CheckoutPaymentResult } from '@store/contracts';
import { ApiError } from '@/lib/api-client.ts';

/**
 * The card field as the cart checkout sees it (the card-field feature's handle has this shape;
 * features do not import each other).
 */
export interface CardSource {
  createPaymentMethod(): Promise<{ paymentMethodId: string } | { error: string }>;
  handleAction(clientSecret: string): Promise<{ ok: true } | { error: string }>;
  /** Marks the card declined, with what to do, and focuses it (docs/payments.md#a-declined-card). */
  showDecline?(message: string): void;
}

export interface ConfirmCartDeps {
  /** The new card's field; null when the saved card pays. */
  card: CardSource | null;
  createCheckoutPayment(input: {
    cartId: string;
    paymentMethodId: string;
    identity: CheckoutIdentity;
    idempotencyKey: string;
  }): Promise<CheckoutPaymentResult>;
  newKey(): string;
}

export type ConfirmCartOutcome =
  | { ok: true; result: CheckoutPaymentResult }
  | {
      ok: false;
      stage: 'card' | 'payment' | 'authentication';
      message: string;
      /** The bank declined the card: the card field says so (docs/payments.md#a-declined-card). */
      isDeclined?: boolean;
    };

export const CART_PAYMENT_FAILED = 'The payment did not go through. Please try again or use another card.';

/** `isDeclined` when the bank refused the card itself, not the request or the connection. */
function declineMark(error: unknown): { isDeclined?: true } {
  return error instanceof ApiError && error.code === 'payment_declined' ? { isDeclined: true } : {};
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : CART_PAYMENT_FAILED;
}

/**
 * Confirm order on /cart-checkout (docs/product.md#states-and-flows): the saved card's id or the new card's
 * PaymentMethod id goes to CreateCheckoutPayment, which charges on the server; if the bank asks to
 * authenticate, the card field shows it and the same call then records the payment.
 */
export async function confirmCart(
  input: { cartId: string; identity: CheckoutIdentity; savedPaymentMethodId: string | null },
  deps: ConfirmCartDeps,
): Promise<ConfirmCartOutcome> {
  let paymentMethodId = input.savedPaymentMethodId;
  if (!paymentMethodId) {
    if (!deps.card) return { ok: false, stage: 'card', message: 'Please enter a card.' };
    const method = await deps.card.createPaymentMethod();
    if ('error' in method) return { ok: false, stage: 'card', message: method.error };
    paymentMethodId = method.paymentMethodId;
  }
  const pay = () =>
    deps.createCheckoutPayment({
      cartId: input.cartId,
      paymentMethodId: paymentMethodId!,
      identity: input.identity,
      idempotencyKey: deps.newKey(),
    });
  let result: CheckoutPaymentResult;
  try {
    result = await pay();
  } catch (error) {
    return { ok: false, stage: 'payment', message: messageOf(error), ...declineMark(error) };
  }
  if (result.status === 'requires_action' && result.clientSecret) {
    if (!deps.card) {
      return {
        ok: false,
        stage: 'authentication',
        message: 'Your bank asks to confirm this payment. Please use a new card.',
      };
    }
    const action = await deps.card.handleAction(result.clientSecret);
    if ('error' in action) return { ok: false, stage: 'authentication', message: action.error };
    try {
      result = await pay();
    } catch (error) {
      return { ok: false, stage: 'payment', message: messageOf(error) };
    }
  }
  if (result.status !== 'succeeded') return { ok: false, stage: 'payment', message: CART_PAYMENT_FAILED };
  return { ok: true, result };
}
