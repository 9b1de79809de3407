import {
  type CheckoutIdentity,
  IDEMPOTENCY_KEY_HEADER,
  type PaymentIntentResult,
  type TokenPair,
} from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/**
 * POST /api/Payment/createPaymentIntent: charges the order with the card. The Idempotency-Key
 * is one per payment attempt, so a retried request never charges twice.
 */
export function createPaymentIntent(input: {
  orderId: string;
  paymentMethodId: string;
  deliverySchedule: number;
  identity: CheckoutIdentity;
  idempotencyKey: string;
}): Promise<PaymentIntentResult> {
  return apiPost<PaymentIntentResult>('/Payment/createPaymentIntent', {
    query: {
      orderId: input.orderId,
      paymentMethodId: input.paymentMethodId,
      deliverySchedule: input.deliverySchedule,
    },
    body: input.identity,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}

/** POST /api/Payment/Subscribe: records the payment; answers the new session's tokens. */
export function subscribe(input: {
  orderId: string;
  paymentIntent: string;
  paymentMethodId: string;
  deliverySchedule: number;
  idempotencyKey: string;
}): Promise<TokenPair> {
  return apiPost<TokenPair>('/Payment/Subscribe', {
    query: {
      paymentIntent: input.paymentIntent,
      paymentMethodId: input.paymentMethodId,
      deliverySchedule: input.deliverySchedule,
      orderId: input.orderId,
    },
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}
