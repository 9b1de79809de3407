import type { TaxInput, TaxResult } from '../../tax/index.ts';
/**
 * The one port to a card payment provider (docs/payments.md#provider-port): only what the store needs. Two
 * adapters implement it with the same behaviour: Stripe (stripe-node) and the offline sandbox.
 * Every call that can move money takes an idempotency key that *we* derive (docs/payments.md#idempotency-keys).
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';

  /**
   * The sales tax of an order shipped to an address (docs/payments.md#sales-tax): Stripe Tax's
   * calculation with Stripe; the state base rates in the offline sandbox.
   */
  calculateTax?(input: TaxInput): Promise<TaxResult>;

  /**
   * Creates the provider's Customer for an identity, idempotently per identity and email for the
   * provider's key lifetime (24 h). The caller keeps the mapping (`customers` table) for longer.
   */
  ensureCustomer(input: { identityId: string; email: string }): Promise<ProviderCustomer>;

  /**
   * Saves a card on a customer. A test PaymentMethod id (`pm_card_visa`) becomes a new `pm_...`,
   * as at Stripe. A declined card fails here already (PaymentProviderError `card_declined`).
   */
  attachPaymentMethod(input: {
    paymentMethodId: string;
    customerId: string;
    idempotencyKey: string;
  }): Promise<ProviderPaymentMethod>;

  retrievePaymentMethod(paymentMethodId: string): Promise<ProviderPaymentMethod>;

  /** Makes a saved card the customer's default (invoice_settings.default_payment_method). */
  setDefaultPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<void>;

  /**
   * Creates a PaymentIntent and, with `confirm`, charges it. A decline is not thrown: the answer
   * has status `requires_payment_method` and `lastError`, as Stripe's PaymentIntent does.
   */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent>;

  /** Confirms an unconfirmed PaymentIntent, optionally with another card; declines as above. */
  confirmPaymentIntent(
    paymentIntentId: string,
    input: { paymentMethodId?: string; offSession?: boolean; idempotencyKey: string },
  ): Promise<ProviderPaymentIntent>;

  retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent>;

  /** PaymentIntents whose `metadata.order_id` is this order, oldest first (reconciliation). */
  findPaymentIntentsByOrder(orderId: string): Promise<ProviderPaymentIntent[]>;

  cancelPaymentIntent(
    paymentIntentId: string,
    input: { idempotencyKey: string },
  ): Promise<ProviderPaymentIntent>;

  /** Refunds a succeeded PaymentIntent, all of it unless `amountCents`; once per key. */
  refund(input: {
    paymentIntentId: string;
    amountCents?: number;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<ProviderRefund>;

  /**
   * Every event created after `createdAfter` (Stripe's `GET /v1/events?created[gt]=`, all pages
   * through `starting_after`), oldest first, at most `limit` of the newest: what the webhook may
   * have missed (docs/payments.md#event-reconciliation).
   */
  listEvents(input: { createdAfter: Date; limit?: number }): Promise<ProviderEvent[]>;

  /**
   * Checks a webhook's `Stripe-Signature` over the exact raw body (tolerance 300 s) and returns
   * the event; throws WebhookSignatureError otherwise.
   */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent;
}

export interface CreatePaymentIntentInput {
  /** Integer cents, at least 50 (Stripe's minimum for USD). */
  amountCents: number;
  currency: 'usd';
  customerId?: string;
  paymentMethodId?: string;
  /** The customer is not present (renewals): authentication cannot be asked for. */
  offSession?: boolean;
  /** Save the card for later off-session charges once this one succeeds. */
  setupFutureUsage?: 'off_session' | 'on_session';
  confirm?: boolean;
  /** Strings only, as at Stripe; `order_id` is what reconciliation searches by. */
  metadata?: Record<string, string>;
  idempotencyKey: string;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** Why the last charge failed, in Stripe's terms. */
export interface ProviderPaymentError {
  /** `card_declined`, `expired_card`, `incorrect_cvc`, `processing_error`, `authentication_required`, ... */
  code: string;
  /** The issuer's reason for `card_declined` (`generic_decline`, `insufficient_funds`, `lost_card`, ...). */
  declineCode?: string;
  /** Stripe's message, safe to show ("Your card was declined."). */
  message: string;
}

export interface ProviderPaymentIntent {
  id: string;
  status: PaymentIntentStatus;
  /** Lets the browser confirm (3D Secure); never logged. */
  clientSecret: string;
  amountCents: number;
  currency: string;
  customerId?: string;
  /** The card charged, or the one that was declined. */
  paymentMethodId?: string;
  metadata: Record<string, string>;
  lastError?: ProviderPaymentError;
  /** What the customer must do next (`use_stripe_sdk` for 3D Secure). */
  nextActionType?: string;
}

export interface ProviderPaymentMethod {
  id: string;
  customerId?: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ProviderCustomer {
  id: string;
  email?: string;
  defaultPaymentMethodId?: string;
}

export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
}

/** A verified provider event. */
/** How many events one reconciliation pass reads at most. */
export const MAX_LISTED_EVENTS = 1000;

/** A Stripe event object as the provider's event. */
export function toProviderEvent(event: {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}): ProviderEvent {
  return {
    id: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000),
    object: event.data.object as ProviderEvent['object'],
  };
}

export interface ProviderEvent {
  id: string;
  type: string;
  createdAt: Date;
  /** The object the event is about (`data.object`), as the provider sent it. */
  object: { id?: string; object?: string } & Record<string, unknown>;
}

/** What kind of failure a provider call had, so callers can choose a status without parsing text. */
export type ProviderErrorKind =
  /** The card was refused (on attach, or a charge outside a PaymentIntent answer). */
  | 'card_declined'
  /** Bad parameters, an unknown object, or a state that does not allow the call. */
  | 'invalid_request'
  /** The same idempotency key was used with other parameters. */
  | 'idempotency_mismatch'
  /** Another request with the same idempotency key is still running. */
  | 'in_progress'
  /** Rate-limited, unreachable, timed out or failing on the provider's side: try again later. */
  | 'unavailable'
  /** Our key is wrong or lacks permission. */
  | 'configuration';

export class PaymentProviderError extends Error {
  readonly kind: ProviderErrorKind;
  /** The provider's error code (`resource_missing`, `amount_too_small`, `card_declined`, ...). */
  readonly code?: string;
  readonly declineCode?: string;
  readonly statusCode?: number;

  constructor(
    kind: ProviderErrorKind,
    message: string,
    details: { code?: string; declineCode?: string; statusCode?: number } = {},
  ) {
    super(message);
    this.name = 'PaymentProviderError';
    this.kind = kind;
    this.code = details.code;
    this.declineCode = details.declineCode;
    this.statusCode = details.statusCode;
  }
}

/** A webhook whose signature, timestamp or body did not check out. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Declines that no retry will fix: wait for the member to change the card (docs/payments.md#renewals). */
const HARD_DECLINES = new Set([
  'lost_card',
  'stolen_card',
  'expired_card',
  'incorrect_number',
  'invalid_number',
  'fraudulent',
  'fraud',
  'pickup_card',
  'restricted_card',
  'invalid_account',
]);

/** How a renewal should treat a failed charge: retry later, wait for a new card, or ask to authenticate. */
export function classifyDecline(error: ProviderPaymentError): 'soft' | 'hard' | 'authentication_required' {
  if (error.code === 'authentication_required' || error.declineCode === 'authentication_required') {
    return 'authentication_required';
  }
  if (HARD_DECLINES.has(error.code) || (error.declineCode && HARD_DECLINES.has(error.declineCode)))
    return 'hard';
  return 'soft';
}
