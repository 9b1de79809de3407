import Stripe from 'stripe';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from '../../../config/env.ts';
import {
  MAX_LISTED_EVENTS,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPaymentIntent,
  toProviderEvent,
} from './payment-provider.ts';
import {
  customerIdempotencyKey,
  declinedPaymentIntent,
  paymentIntentParams,
  type StripeCustomerJson,
  type StripePaymentIntentJson,
  type StripePaymentMethodJson,
  type StripeRawError,
  type StripeRefundJson,
  toCustomer,
  toPaymentIntent,
  toPaymentMethod,
  toProviderError,
  toRefund,
} from './stripe-objects.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

/** The API version this code was written and tested against; Stripe answers in it whatever the account's default. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests only: a loopback stand-in such as `http://127.0.0.1:41234`; anything else is refused. */
  apiBase?: string;
  clock?: () => Date;
  /** How long one HTTP call may take; PROVIDER_TIMEOUT_MS, 10 s by default. */
  timeoutMs?: number;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** stripe-node's host/port/protocol for a loopback stand-in; throws for any other address. */
export function loopbackOverride(apiBase: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(apiBase);
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(
      `STRIPE_API_BASE must be a loopback address (127.0.0.1, ::1, localhost), not ${url.hostname}`,
    );
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

/** stripe-node's error as Stripe's raw error body, or undefined for anything that is not a Stripe error. */
function rawErrorOf(error: unknown): StripeRawError | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  const raw = (error.raw ?? {}) as StripeRawError;
  return { ...raw, statusCode: error.statusCode ?? raw.statusCode };
}

/** The Stripe adapter (docs/payments.md#provider-port): stripe-node with a pinned API version and our idempotency keys. */
/** What stripe-node is built with: the pinned version, 2 retries, the timeout, a loopback host in tests. */
export function stripeClientConfig(options: StripeProviderOptions) {
  return {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    telemetry: false,
    ...(options.apiBase ? loopbackOverride(options.apiBase) : {}),
  } satisfies Stripe.StripeConfig;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const clock = options.clock ?? (() => new Date());
  const stripe = new Stripe(options.secretKey, stripeClientConfig(options));

  async function call<T>(work: () => Promise<unknown>): Promise<T> {
    try {
      return (await work()) as T;
    } catch (error) {
      const raw = rawErrorOf(error);
      throw raw ? toProviderError(raw) : error;
    }
  }

  /** Calls that answer a PaymentIntent: a decline is the declined PaymentIntent, not an error. */
  async function callForIntent(work: () => Promise<unknown>): Promise<ProviderPaymentIntent> {
    try {
      return toPaymentIntent((await work()) as StripePaymentIntentJson);
    } catch (error) {
      const raw = rawErrorOf(error);
      if (!raw) throw error;
      const declined = declinedPaymentIntent(raw);
      if (declined) return declined;
      throw toProviderError(raw);
    }
  }

  return {
    name: 'stripe',

    async calculateTax({ taxableCents, address, reference }) {
      const calculation = await call<{ id?: string | null; tax_amount_exclusive: number }>(() =>
        stripe.tax.calculations.create({
          currency: 'usd',
          // No tax code: Stripe applies the account's preset one (docs/payments.md#sales-tax).
          line_items: [{ amount: taxableCents, reference, tax_behavior: 'exclusive' }],
          customer_details: {
            address: {
              line1: address.street1,
              ...(address.street2 ? { line2: address.street2 } : {}),
              city: address.city,
              state: address.state,
              postal_code: address.postalCode,
              country: 'US',
            },
            address_source: 'shipping',
          },
        }),
      );
      return { taxCents: calculation.tax_amount_exclusive, calculationId: calculation.id ?? null };
    },

    async ensureCustomer({ identityId, email }) {
      const customer = await call<StripeCustomerJson>(() =>
        stripe.customers.create(
          { email, metadata: { identity_id: identityId } },
          { idempotencyKey: customerIdempotencyKey(identityId, email) },
        ),
      );
      return toCustomer(customer);
    },

    async attachPaymentMethod({ paymentMethodId, customerId, idempotencyKey }) {
      const pm = await call<StripePaymentMethodJson>(() =>
        stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey }),
      );
      return toPaymentMethod(pm);
    },

    async retrievePaymentMethod(paymentMethodId) {
      return toPaymentMethod(
        await call<StripePaymentMethodJson>(() => stripe.paymentMethods.retrieve(paymentMethodId)),
      );
    },

    async setDefaultPaymentMethod({ customerId, paymentMethodId, idempotencyKey }) {
      await call(() =>
        stripe.customers.update(
          customerId,
          { invoice_settings: { default_payment_method: paymentMethodId } },
          { idempotencyKey },
        ),
      );
    },

    createPaymentIntent(input) {
      return callForIntent(() =>
        stripe.paymentIntents.create(paymentIntentParams(input), { idempotencyKey: input.idempotencyKey }),
      );
    },

    confirmPaymentIntent(paymentIntentId, { paymentMethodId, offSession, idempotencyKey }) {
      return callForIntent(() =>
        stripe.paymentIntents.confirm(
          paymentIntentId,
          {
            ...(paymentMethodId ? { payment_method: paymentMethodId } : {}),
            ...(offSession ? { off_session: true } : {}),
          },
          { idempotencyKey },
        ),
      );
    },

    retrievePaymentIntent(paymentIntentId) {
      return callForIntent(() => stripe.paymentIntents.retrieve(paymentIntentId));
    },

    async findPaymentIntentsByOrder(orderId) {
      // Stripe's search is eventually consistent (about a minute): reconciliation runs later than that.
      const result = await call<{ data: StripePaymentIntentJson[] }>(() =>
        stripe.paymentIntents.search({
          query: `metadata['order_id']:'${orderId.replace(/'/g, '')}'`,
          limit: 100,
        }),
      );
      return result.data.map(toPaymentIntent).reverse();
    },

    cancelPaymentIntent(paymentIntentId, { idempotencyKey }) {
      return callForIntent(() => stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey }));
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey, metadata }) {
      const refund = await call<StripeRefundJson>(() =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            ...(amountCents !== undefined ? { amount: amountCents } : {}),
            ...(metadata ? { metadata } : {}),
          },
          { idempotencyKey },
        ),
      );
      return toRefund(refund);
    },

    async listEvents({ createdAfter, limit = MAX_LISTED_EVENTS }) {
      const events: ProviderEvent[] = [];
      await call(async () => {
        // Newest first; stripe-node follows `starting_after` from page to page.
        for await (const event of stripe.events.list({
          created: { gt: Math.floor(createdAfter.getTime() / 1000) },
          limit: 100,
        })) {
          events.push(toProviderEvent(event as unknown as Parameters<typeof toProviderEvent>[0]));
          if (events.length >= limit) break;
        }
      });
      return events.reverse();
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyWebhookSignature(rawBody, signatureHeader, options.webhookSecret, clock());
    },
  };
}
