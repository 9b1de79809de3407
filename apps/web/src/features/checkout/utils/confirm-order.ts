import type { CheckoutIdentity, PaymentIntentResult, TokenPair } from '@store/contracts';
import { ApiError } from '@/lib/api-client.ts';

/**
 * The card field as the checkout sees it: it makes a PaymentMethod id and lets the bank
 * authenticate. (The card-field feature's handle has this shape; features do not import each other.)
 */
export interface PaymentMethodSource {
  createPaymentMethod(): Promise<{ paymentMethodId: string } | { error: string }>;
  handleAction(clientSecret: string): Promise<{ ok: true } | { error: string }>;
  /** Marks the card declined, with what to do, and focuses it (docs/payments.md#a-declined-card). */
  showDecline?(message: string): void;
}

export interface ConfirmOrderDeps {
  card: PaymentMethodSource;
  createPaymentIntent(input: {
    orderId: string;
    paymentMethodId: string;
    deliverySchedule: number;
    identity: CheckoutIdentity;
    idempotencyKey: string;
  }): Promise<PaymentIntentResult>;
  subscribe(input: {
    orderId: string;
    paymentIntent: string;
    paymentMethodId: string;
    deliverySchedule: number;
    idempotencyKey: string;
  }): Promise<TokenPair>;
  /** A new Idempotency-Key: one per payment attempt and call. */
  newKey(): string;
}

export type ConfirmOutcome =
  | { ok: true; tokens: TokenPair }
  | {
      ok: false;
      stage: 'card' | 'payment' | 'authentication' | 'subscribe';
      message: string;
      /** The bank declined the card: the card field says so (docs/payments.md#a-declined-card). */
      isDeclined?: boolean;
    };

export const PAYMENT_NOT_COMPLETED = 'The payment did not go through. Please try again or use another card.';

/** `isDeclined` when the bank refused the card itself, not the request or the connection. */
function declineMark(error: unknown): { isDeclined?: true } {
  return error instanceof ApiError && error.code === 'payment_declined' ? { isDeclined: true } : {};
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : PAYMENT_NOT_COMPLETED;
}

/**
 * Confirm order (docs/product.md#states-and-flows, docs/product.md#calls): the card becomes a PaymentMethod id, the server charges the
 * order (createPaymentIntent), the bank authenticates when it asks to, and Subscribe records the
 * payment and answers the new session. Every failure says which step failed and why.
 */
export async function confirmOrder(
  input: { orderId: string; deliverySchedule: number; identity: CheckoutIdentity },
  deps: ConfirmOrderDeps,
): Promise<ConfirmOutcome> {
  const method = await deps.card.createPaymentMethod();
  if ('error' in method) return { ok: false, stage: 'card', message: method.error };

  let intent: PaymentIntentResult;
  try {
    intent = await deps.createPaymentIntent({
      orderId: input.orderId,
      paymentMethodId: method.paymentMethodId,
      deliverySchedule: input.deliverySchedule,
      identity: input.identity,
      idempotencyKey: deps.newKey(),
    });
  } catch (error) {
    return { ok: false, stage: 'payment', message: messageOf(error), ...declineMark(error) };
  }
  if (intent.status === 'requires_action') {
    const action = await deps.card.handleAction(intent.clientSecret);
    if ('error' in action) return { ok: false, stage: 'authentication', message: action.error };
  } else if (intent.status !== 'succeeded') {
    return { ok: false, stage: 'payment', message: PAYMENT_NOT_COMPLETED };
  }

  try {
    const tokens = await deps.subscribe({
      orderId: input.orderId,
      paymentIntent: intent.paymentIntentId,
      paymentMethodId: method.paymentMethodId,
      deliverySchedule: input.deliverySchedule,
      idempotencyKey: deps.newKey(),
    });
    return { ok: true, tokens };
  } catch (error) {
    return { ok: false, stage: 'subscribe', message: messageOf(error) };
  }
}
