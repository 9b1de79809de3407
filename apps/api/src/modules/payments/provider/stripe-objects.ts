import { createHash } from 'node:crypto';
import {
  type CreatePaymentIntentInput,
  type PaymentIntentStatus,
  PaymentProviderError,
  type ProviderCustomer,
  type ProviderPaymentError,
  type ProviderPaymentIntent,
  type ProviderPaymentMethod,
  type ProviderRefund,
} from './payment-provider.ts';

/*
 * Stripe's JSON objects, the subset both adapters read, and their mapping to the provider's
 * types; and the request parameters both adapters send. The sandbox produces and reads these
 * shapes itself, so both adapters share one mapping.
 */

/** One customer per identity and email within the provider's key lifetime, however often it is asked. */
export function customerIdempotencyKey(identityId: string, email: string): string {
  const emailHash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
  return `cus:${identityId}:${emailHash}`;
}

/** `POST /v1/payment_intents` parameters, Stripe's names. */
export function paymentIntentParams(input: CreatePaymentIntentInput) {
  return {
    amount: input.amountCents,
    currency: input.currency,
    payment_method_types: ['card'],
    ...(input.customerId ? { customer: input.customerId } : {}),
    ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
    ...(input.confirm ? { confirm: true } : {}),
    // Passed as asked, so the provider itself refuses off_session without confirm.
    ...(input.offSession ? { off_session: true } : {}),
    ...(input.setupFutureUsage ? { setup_future_usage: input.setupFutureUsage } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
  };
}

type Ref = string | { id: string } | null | undefined;

export interface StripeLastPaymentError {
  type?: string;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
  payment_method?: { id: string } | null;
}

export interface StripePaymentIntentJson {
  id: string;
  object?: 'payment_intent';
  status: PaymentIntentStatus;
  client_secret: string | null;
  amount: number;
  currency: string;
  customer?: Ref;
  payment_method?: Ref;
  metadata?: Record<string, string> | null;
  last_payment_error?: StripeLastPaymentError | null;
  next_action?: { type: string } | null;
}

export interface StripePaymentMethodJson {
  id: string;
  customer?: Ref;
  card?: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
}

export interface StripeCustomerJson {
  id: string;
  email?: string | null;
  invoice_settings?: { default_payment_method?: Ref } | null;
}

export interface StripeRefundJson {
  id: string;
  amount: number;
  payment_intent?: Ref;
  status: string | null;
}

/** An error body as Stripe sends it (`{ error: {...} }`), plus the HTTP status. */
export interface StripeRawError {
  statusCode?: number;
  type?: string;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
  param?: string | null;
  payment_intent?: StripePaymentIntentJson | null;
}

function refId(ref: Ref): string | undefined {
  if (!ref) return undefined;
  return typeof ref === 'string' ? ref : ref.id;
}

export function toPaymentError(error: StripeLastPaymentError): ProviderPaymentError {
  return {
    code: error.code ?? 'card_declined',
    ...(error.decline_code ? { declineCode: error.decline_code } : {}),
    message: error.message ?? 'Your card was declined.',
  };
}

export function toPaymentIntent(pi: StripePaymentIntentJson): ProviderPaymentIntent {
  const lastError = pi.last_payment_error ?? undefined;
  const paymentMethodId = refId(pi.payment_method) ?? refId(lastError?.payment_method);
  return {
    id: pi.id,
    status: pi.status,
    clientSecret: pi.client_secret ?? '',
    amountCents: pi.amount,
    currency: pi.currency,
    ...(refId(pi.customer) ? { customerId: refId(pi.customer) } : {}),
    ...(paymentMethodId ? { paymentMethodId } : {}),
    metadata: { ...(pi.metadata ?? {}) },
    ...(lastError ? { lastError: toPaymentError(lastError) } : {}),
    ...(pi.next_action ? { nextActionType: pi.next_action.type } : {}),
  };
}

export function toPaymentMethod(pm: StripePaymentMethodJson): ProviderPaymentMethod {
  if (!pm.card) {
    throw new PaymentProviderError('invalid_request', `PaymentMethod ${pm.id} is not a card.`, {
      code: 'payment_method_invalid_parameter',
    });
  }
  return {
    id: pm.id,
    ...(refId(pm.customer) ? { customerId: refId(pm.customer) } : {}),
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

export function toCustomer(customer: StripeCustomerJson): ProviderCustomer {
  const defaultPm = refId(customer.invoice_settings?.default_payment_method);
  return {
    id: customer.id,
    ...(customer.email ? { email: customer.email } : {}),
    ...(defaultPm ? { defaultPaymentMethodId: defaultPm } : {}),
  };
}

export function toRefund(refund: StripeRefundJson): ProviderRefund {
  return {
    id: refund.id,
    paymentIntentId: refId(refund.payment_intent) ?? '',
    amountCents: refund.amount,
    status: (refund.status ?? 'pending') as ProviderRefund['status'],
  };
}

/**
 * A card decline that carries its PaymentIntent is an answer, not an error: Stripe's PaymentIntent
 * now has status `requires_payment_method` and `last_payment_error`. Returns it, or undefined.
 */
export function declinedPaymentIntent(raw: StripeRawError): ProviderPaymentIntent | undefined {
  if (raw.type !== 'card_error' || !raw.payment_intent) return undefined;
  const pi = toPaymentIntent(raw.payment_intent);
  return { ...pi, lastError: pi.lastError ?? toPaymentError(raw) };
}

/** Stripe's error body as the provider's error, by status, type and code. */
export function toProviderError(raw: StripeRawError): PaymentProviderError {
  const details = {
    ...(raw.code ? { code: raw.code } : {}),
    ...(raw.decline_code ? { declineCode: raw.decline_code } : {}),
    ...(raw.statusCode ? { statusCode: raw.statusCode } : {}),
  };
  const message = raw.message ?? 'The payment provider refused the request.';
  const status = raw.statusCode ?? 0;
  if (raw.type === 'card_error' || status === 402)
    return new PaymentProviderError('card_declined', message, details);
  if (raw.type === 'idempotency_error')
    return new PaymentProviderError('idempotency_mismatch', message, details);
  if (raw.code === 'idempotency_key_in_use' || status === 409) {
    return new PaymentProviderError('in_progress', message, details);
  }
  if (status === 401 || status === 403) return new PaymentProviderError('configuration', message, details);
  if (status === 429 || status >= 500 || status === 0)
    return new PaymentProviderError('unavailable', message, details);
  return new PaymentProviderError('invalid_request', message, details);
}
