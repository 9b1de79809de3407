import { computeStateTaxCents } from '../../tax/index.ts';
import {
  type CreatePaymentIntentInput,
  MAX_LISTED_EVENTS,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPaymentIntent,
  type ProviderRefund,
  toProviderEvent,
} from './payment-provider.ts';
import { type Params, SandboxEngine } from './sandbox-engine.ts';
import type { SandboxStore } from './sandbox-store.ts';
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

export interface SandboxProviderOptions {
  store: SandboxStore;
  clock?: () => Date;
  seed?: string;
  /** Verifies webhooks addressed to the sandbox (tests sign with it). */
  webhookSecret: string;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  readonly engine: SandboxEngine;
  /** Sandbox only: the customer passes or fails 3D Secure for a `requires_action` PaymentIntent. */
  completeAuthentication(
    paymentIntentId: string,
    outcome: 'approve' | 'fail',
  ): Promise<ProviderPaymentIntent>;
  /**
   * Sandbox only: the later outcome of a refund of Stripe's refund test cards (a pending refund
   * succeeds; a `pm_card_refundFail` refund fails), with its events.
   */
  settleRefund(refundId: string): Promise<ProviderRefund>;
}

/** A Stripe error answer of the in-process engine, with its HTTP status. */
class SandboxCallError extends Error {
  constructor(readonly raw: StripeRawError) {
    super(raw.message ?? 'sandbox error');
  }
}

/**
 * The in-process sandbox: the same engine the loopback stand-in serves, called without HTTP, and
 * the same Stripe-JSON mapping the Stripe adapter uses, so both behave alike by construction.
 */
export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const clock = options.clock ?? (() => new Date());
  const engine = new SandboxEngine({ store: options.store, clock, seed: options.seed });

  async function call<T>(method: 'GET' | 'POST', path: string, params: Params = {}, idempotencyKey?: string) {
    const response = await engine.request({ method, path, params, idempotencyKey });
    if (response.statusCode === 200) return response.body as T;
    const raw = (response.body as { error: StripeRawError }).error;
    throw new SandboxCallError({ ...raw, statusCode: response.statusCode });
  }

  /** Calls that answer a PaymentIntent: a decline is the declined PaymentIntent, not an error. */
  async function callForIntent(method: 'GET' | 'POST', path: string, params: Params = {}, key?: string) {
    try {
      return toPaymentIntent(await call<StripePaymentIntentJson>(method, path, params, key));
    } catch (error) {
      if (!(error instanceof SandboxCallError)) throw error;
      const declined = declinedPaymentIntent(error.raw);
      if (declined) return declined;
      throw toProviderError(error.raw);
    }
  }

  async function callMapped<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Params = {},
    key?: string,
  ): Promise<T> {
    try {
      return await call<T>(method, path, params, key);
    } catch (error) {
      throw error instanceof SandboxCallError ? toProviderError(error.raw) : error;
    }
  }

  const id = encodeURIComponent;

  return {
    name: 'sandbox',
    engine,

    // The offline sandbox keeps the built-in state base rates (docs/payments.md#sales-tax).
    async calculateTax({ taxableCents, address }) {
      return { taxCents: computeStateTaxCents(taxableCents, address.state), calculationId: null };
    },

    async ensureCustomer({ identityId, email }) {
      const customer = await callMapped<StripeCustomerJson>(
        'POST',
        '/v1/customers',
        { email, metadata: { identity_id: identityId } },
        customerIdempotencyKey(identityId, email),
      );
      return toCustomer(customer);
    },

    async attachPaymentMethod({ paymentMethodId, customerId, idempotencyKey }) {
      const pm = await callMapped<StripePaymentMethodJson>(
        'POST',
        `/v1/payment_methods/${id(paymentMethodId)}/attach`,
        { customer: customerId },
        idempotencyKey,
      );
      return toPaymentMethod(pm);
    },

    async retrievePaymentMethod(paymentMethodId) {
      return toPaymentMethod(
        await callMapped<StripePaymentMethodJson>('GET', `/v1/payment_methods/${id(paymentMethodId)}`),
      );
    },

    async setDefaultPaymentMethod({ customerId, paymentMethodId, idempotencyKey }) {
      await callMapped(
        'POST',
        `/v1/customers/${id(customerId)}`,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        idempotencyKey,
      );
    },

    createPaymentIntent(input: CreatePaymentIntentInput) {
      return callForIntent(
        'POST',
        '/v1/payment_intents',
        paymentIntentParams(input) as Params,
        input.idempotencyKey,
      );
    },

    confirmPaymentIntent(paymentIntentId, { paymentMethodId, offSession, idempotencyKey }) {
      return callForIntent(
        'POST',
        `/v1/payment_intents/${id(paymentIntentId)}/confirm`,
        {
          ...(paymentMethodId ? { payment_method: paymentMethodId } : {}),
          ...(offSession ? { off_session: true } : {}),
        },
        idempotencyKey,
      );
    },

    retrievePaymentIntent(paymentIntentId) {
      return callForIntent('GET', `/v1/payment_intents/${id(paymentIntentId)}`);
    },

    async findPaymentIntentsByOrder(orderId) {
      const result = await callMapped<{ data: StripePaymentIntentJson[] }>(
        'GET',
        '/v1/payment_intents/search',
        {
          query: `metadata['order_id']:'${orderId.replace(/'/g, '')}'`,
        },
      );
      return result.data.map(toPaymentIntent).reverse();
    },

    cancelPaymentIntent(paymentIntentId, { idempotencyKey }) {
      return callForIntent('POST', `/v1/payment_intents/${id(paymentIntentId)}/cancel`, {}, idempotencyKey);
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey, metadata }) {
      const refund = await callMapped<StripeRefundJson>(
        'POST',
        '/v1/refunds',
        {
          payment_intent: paymentIntentId,
          ...(amountCents !== undefined ? { amount: amountCents } : {}),
          ...(metadata ? { metadata } : {}),
        },
        idempotencyKey,
      );
      return toRefund(refund);
    },

    async listEvents({ createdAfter, limit = MAX_LISTED_EVENTS }) {
      const events: ProviderEvent[] = [];
      let startingAfter: string | undefined;
      const gt = Math.floor(createdAfter.getTime() / 1000);
      for (;;) {
        const query = new URLSearchParams({ 'created[gt]': String(gt), limit: '100' });
        if (startingAfter) query.set('starting_after', startingAfter);
        const page = await call<{ data: Parameters<typeof toProviderEvent>[0][]; has_more: boolean }>(
          'GET',
          `/v1/events?${query}`,
        ).catch((error: unknown) => {
          throw error instanceof SandboxCallError ? toProviderError(error.raw) : error;
        });
        events.push(...page.data.map(toProviderEvent));
        if (!page.has_more || events.length >= limit || page.data.length === 0) break;
        startingAfter = page.data[page.data.length - 1]!.id;
      }
      return events.slice(0, limit).reverse();
    },

    verifyWebhook(rawBody, signatureHeader): ProviderEvent {
      return verifyWebhookSignature(rawBody, signatureHeader, options.webhookSecret, clock());
    },

    completeAuthentication(paymentIntentId, outcome) {
      return callForIntent('POST', `/sbx/3ds/${id(paymentIntentId)}/${outcome}`);
    },

    async settleRefund(refundId) {
      return toRefund(await callMapped<StripeRefundJson>('POST', `/sbx/refunds/${id(refundId)}/settle`));
    },
  };
}
