import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPaymentIntent,
} from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createDbSandboxStore } from './sandbox-store.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.ts';

/*
 * One contract, two forms of the provider (docs/payments.md#sandbox): the in-process
 * sandbox on the store's database, and the real stripe-node adapter against the loopback stand-in.
 * Both must answer every case alike.
 */

interface Target {
  provider: PaymentProvider;
  /** The customer passes or fails 3D Secure. */
  authenticate(paymentIntentId: string, outcome: 'approve' | 'fail'): Promise<void>;
  advanceClock(ms: number): void;
  /** Sandbox "some time later": a refund of a refund test card reaches its final status. */
  settleRefund(refundId: string): Promise<void>;
  /** Types and objects of every event the provider emitted, oldest first. */
  events: Array<{ type: string; object: Record<string, unknown> }>;
  standIn?: StripeStandIn;
  close(): Promise<void>;
}

function fakeClock() {
  let now = new Date('2026-11-22T12:00:00Z').getTime();
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function inProcessSandbox(): Promise<Target> {
  const database: Database = await openTestDatabase();
  const time = fakeClock();
  const provider = createSandboxProvider({
    store: createDbSandboxStore(database.db),
    clock: time.clock,
    seed: 'contract',
    webhookSecret: 'whsec_contract',
  });
  const events: Target['events'] = [];
  provider.engine.onEvent((e) =>
    events.push({ type: e.type, object: e.data.object as Record<string, unknown> }),
  );
  return {
    provider,
    async authenticate(id, outcome) {
      await provider.completeAuthentication(id, outcome);
    },
    async settleRefund(id) {
      await provider.settleRefund(id);
    },
    events,
    advanceClock: time.advance,
    close: () => database.close(),
  };
}

async function stripeAgainstStandIn(): Promise<Target> {
  const time = fakeClock();
  const standIn = await startStripeStandIn({ clock: time.clock, seed: 'contract' });
  const provider = createStripeProvider({
    secretKey: standIn.apiKey,
    webhookSecret: standIn.webhookSecret,
    apiBase: standIn.url,
    clock: time.clock,
  });
  const events: Target['events'] = [];
  standIn.engine.onEvent((e) =>
    events.push({ type: e.type, object: e.data.object as Record<string, unknown> }),
  );
  return {
    provider,
    standIn,
    async authenticate(id, outcome) {
      const res = await fetch(`${standIn.url}/sbx/3ds/${id}/${outcome}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${standIn.apiKey}` },
      });
      expect(res.status).toBe(200);
    },
    async settleRefund(id) {
      const res = await fetch(`${standIn.url}/sbx/refunds/${id}/settle`, {
        method: 'POST',
        headers: { authorization: `Bearer ${standIn.apiKey}` },
      });
      expect(res.status).toBe(200);
    },
    events,
    advanceClock: time.advance,
    close: () => standIn.close(),
  };
}

const forms: Array<[string, () => Promise<Target>]> = [
  ['in-process sandbox', inProcessSandbox],
  ['stripe-node adapter against the loopback stand-in', stripeAgainstStandIn],
];

let keyCounter = 0;
const newKey = (what: string) => `${what}:${randomUUID()}:${++keyCounter}`;

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe.each(forms)('payment provider contract: %s', (_name, makeTarget) => {
  let target: Target;
  let provider: PaymentProvider;
  let customerId: string;

  beforeAll(async () => {
    target = await makeTarget();
    provider = target.provider;
    customerId = (await provider.ensureCustomer({ identityId: randomUUID(), email: 'ann@example.com' })).id;
  });
  afterAll(async () => {
    await target.close();
  });

  function pay(
    paymentMethodId: string,
    extra: Partial<Parameters<PaymentProvider['createPaymentIntent']>[0]> = {},
  ) {
    return provider.createPaymentIntent({
      amountCents: 1699,
      currency: 'usd',
      customerId,
      paymentMethodId,
      setupFutureUsage: 'off_session',
      confirm: true,
      metadata: { order_id: randomUUID(), kind: 'first_box' },
      idempotencyKey: newKey('order'),
      ...extra,
    });
  }

  describe('customers', () => {
    it('creates one customer per identity however often it is ensured', async () => {
      const identityId = randomUUID();
      const first = await provider.ensureCustomer({ identityId, email: 'bo@example.com' });
      const again = await provider.ensureCustomer({ identityId, email: 'bo@example.com' });
      expect(first.id).toMatch(/^cus_sbx_/);
      expect(again.id).toBe(first.id);
      expect(first.email).toBe('bo@example.com');
    });
  });

  describe('success', () => {
    it('charges pm_card_visa, saves the card on the customer and charges it again off-session', async () => {
      const orderId = randomUUID();
      const pi = await pay('pm_card_visa', { metadata: { order_id: orderId } });
      expect(pi).toMatchObject({ status: 'succeeded', amountCents: 1699, currency: 'usd', customerId });
      expect(pi.clientSecret).toMatch(new RegExp(`^${pi.id}_secret_`));
      expect(pi.id).toMatch(/^pi_sbx_/);
      expect(pi.metadata).toEqual({ order_id: orderId });
      expect(pi.lastError).toBeUndefined();
      const saved = await provider.retrievePaymentMethod(pi.paymentMethodId!);
      expect(saved).toMatchObject({ id: pi.paymentMethodId, customerId, brand: 'visa', last4: '4242' });
      expect(saved.id).toMatch(/^pm_sbx_/);
      await provider.setDefaultPaymentMethod({
        customerId,
        paymentMethodId: saved.id,
        idempotencyKey: newKey('default'),
      });
      const renewal = await pay(saved.id, { offSession: true, setupFutureUsage: undefined });
      expect(renewal.status).toBe('succeeded');
      expect(renewal.paymentMethodId).toBe(saved.id);
    });

    it('charges pm_card_mastercard', async () => {
      const pi = await pay('pm_card_mastercard');
      expect(pi.status).toBe('succeeded');
      expect(await provider.retrievePaymentMethod(pi.paymentMethodId!)).toMatchObject({
        brand: 'mastercard',
        last4: '4444',
      });
    });

    it('saves a card first (attach) and charges the saved one', async () => {
      const saved = await provider.attachPaymentMethod({
        paymentMethodId: 'pm_card_visa',
        customerId,
        idempotencyKey: newKey('attach'),
      });
      expect(saved).toMatchObject({ customerId, brand: 'visa', last4: '4242' });
      // A test PaymentMethod carries the test card's own expiry, as Stripe's `pm_card_*` do: the
      // sandbox card field sends only the id, never the typed date (clock 2026-11-22 + 3 years).
      expect(saved).toMatchObject({ expMonth: 11, expYear: 2029 });
      expect(saved.id).not.toBe('pm_card_visa');
      const pi = await pay(saved.id);
      expect(pi.status).toBe('succeeded');
    });

    it('creates without confirming, then confirms', async () => {
      const pi = await pay('pm_card_visa', { confirm: false });
      expect(pi.status).toBe('requires_confirmation');
      const confirmed = await provider.confirmPaymentIntent(pi.id, { idempotencyKey: newKey('confirm') });
      expect(confirmed.status).toBe('succeeded');
      expect((await provider.retrievePaymentIntent(pi.id)).status).toBe('succeeded');
    });
  });

  describe('C5 declines', () => {
    const declines: Array<[string, string, string | undefined, string]> = [
      ['pm_card_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
      ['pm_card_visa_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
      [
        'pm_card_chargeDeclinedInsufficientFunds',
        'card_declined',
        'insufficient_funds',
        'Your card has insufficient funds.',
      ],
      ['pm_card_chargeDeclinedLostCard', 'card_declined', 'lost_card', 'Your card was declined.'],
      ['pm_card_chargeDeclinedStolenCard', 'card_declined', 'stolen_card', 'Your card was declined.'],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'expired_card', 'Your card has expired.'],
      [
        'pm_card_chargeDeclinedIncorrectCvc',
        'incorrect_cvc',
        'incorrect_cvc',
        "Your card's security code is incorrect.",
      ],
      [
        'pm_card_chargeDeclinedProcessingError',
        'processing_error',
        'processing_error',
        'An error occurred while processing your card. Try again in a little bit.',
      ],
      ['pm_card_radarBlock', 'card_declined', 'fraudulent', 'Your card was declined.'],
    ];

    it.each(declines)('%s is declined with %s / %s', async (pm, code, declineCode, message) => {
      const pi = await pay(pm);
      expect(pi.status).toBe('requires_payment_method');
      expect(pi.lastError).toEqual({ code, declineCode, message });
      expect(pi.paymentMethodId).toMatch(/^pm_sbx_/);
      expect((await provider.retrievePaymentIntent(pi.id)).lastError).toEqual({ code, declineCode, message });
    });

    it('leaves the PaymentIntent payable: a retry with pm_card_visa succeeds once', async () => {
      const declined = await pay('pm_card_chargeDeclined');
      const retried = await provider.confirmPaymentIntent(declined.id, {
        paymentMethodId: 'pm_card_visa',
        idempotencyKey: newKey('retry'),
      });
      expect(retried).toMatchObject({ id: declined.id, status: 'succeeded' });
      expect(retried.lastError).toBeUndefined();
    });

    it('refuses to save a declining card, as Stripe checks it on attach', async () => {
      const error = await rejection(
        provider.attachPaymentMethod({
          paymentMethodId: 'pm_card_chargeDeclined',
          customerId,
          idempotencyKey: newKey('attach'),
        }),
      );
      expect(error).toMatchObject({
        kind: 'card_declined',
        code: 'card_declined',
        declineCode: 'generic_decline',
      });
      expect(error.message).toBe('Your card was declined.');
    });

    it('saves pm_card_chargeCustomerFail, then declines every charge', async () => {
      const saved = await provider.attachPaymentMethod({
        paymentMethodId: 'pm_card_chargeCustomerFail',
        customerId,
        idempotencyKey: newKey('attach'),
      });
      expect(saved.last4).toBe('0341');
      const pi = await pay(saved.id, { offSession: true });
      expect(pi.status).toBe('requires_payment_method');
      expect(pi.lastError).toEqual({
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      });
    });

    it('answers an unknown PaymentMethod with resource_missing', async () => {
      const error = await rejection(pay('pm_nope'));
      expect(error).toMatchObject({ kind: 'invalid_request', code: 'resource_missing' });
      expect(error.message).toBe("No such PaymentMethod: 'pm_nope'");
    });
  });

  describe('amounts', () => {
    it('refuses less than 50 cents and fractions of a cent', async () => {
      expect(await rejection(pay('pm_card_visa', { amountCents: 49 }))).toMatchObject({
        kind: 'invalid_request',
        code: 'amount_too_small',
        message: 'Amount must be at least $0.50 usd',
      });
      expect(await rejection(pay('pm_card_visa', { amountCents: 12.5 }))).toMatchObject({
        kind: 'invalid_request',
        code: 'parameter_invalid_integer',
      });
      expect((await pay('pm_card_visa', { amountCents: 50 })).status).toBe('succeeded');
    });
  });

  describe('idempotency', () => {
    it('C1 replays the same key and parameters: one PaymentIntent, even when sent concurrently', async () => {
      const orderId = randomUUID();
      const input = {
        amountCents: 1699,
        currency: 'usd' as const,
        customerId,
        paymentMethodId: 'pm_card_visa',
        confirm: true,
        metadata: { order_id: orderId },
        idempotencyKey: newKey('order'),
      };
      const answers = await Promise.all(Array.from({ length: 5 }, () => provider.createPaymentIntent(input)));
      const again = await provider.createPaymentIntent(input);
      const ids = new Set([...answers, again].map((pi) => pi.id));
      expect(ids.size).toBe(1);
      expect(again.status).toBe('succeeded');
      expect(await provider.findPaymentIntentsByOrder(orderId)).toHaveLength(1);
    });

    it('replays a decline under its key, error and all', async () => {
      const key = newKey('order');
      const first = await pay('pm_card_chargeDeclinedInsufficientFunds', { idempotencyKey: key });
      const again = await pay('pm_card_chargeDeclinedInsufficientFunds', {
        idempotencyKey: key,
        metadata: { order_id: first.metadata.order_id!, kind: 'first_box' },
      });
      expect(again.id).toBe(first.id);
      expect(again.lastError).toEqual(first.lastError);
    });

    it('C2 refuses the same key with other parameters and leaves the first result as it was', async () => {
      const orderId = randomUUID();
      const key = newKey('order');
      const first = await pay('pm_card_visa', { idempotencyKey: key, metadata: { order_id: orderId } });
      const error = await rejection(
        pay('pm_card_visa', { idempotencyKey: key, amountCents: 999, metadata: { order_id: orderId } }),
      );
      expect(error.kind).toBe('idempotency_mismatch');
      expect(error.message).toContain(
        'Keys for idempotent requests can only be used with the same parameters',
      );
      expect(await provider.retrievePaymentIntent(first.id)).toMatchObject({
        status: 'succeeded',
        amountCents: 1699,
      });
      expect(await provider.findPaymentIntentsByOrder(orderId)).toHaveLength(1);
    });

    it('C2 keeps no result for a request that failed validation, so a corrected retry works', async () => {
      const key = newKey('order');
      await rejection(pay('pm_card_visa', { idempotencyKey: key, amountCents: 10 }));
      expect((await pay('pm_card_visa', { idempotencyKey: key })).status).toBe('succeeded');
    });

    it('forgets a key after 24 hours', async () => {
      const key = newKey('order');
      const first = await pay('pm_card_visa', { idempotencyKey: key });
      target.advanceClock(24 * 60 * 60 * 1000 - 1000);
      await rejection(pay('pm_card_visa', { idempotencyKey: key, amountCents: 2000 }));
      target.advanceClock(1000);
      const later = await pay('pm_card_visa', { idempotencyKey: key, amountCents: 2000 });
      expect(later.id).not.toBe(first.id);
      expect(later.amountCents).toBe(2000);
    });

    it('C3 finds every PaymentIntent of an order, oldest first, for reconciliation', async () => {
      const orderId = randomUUID();
      const a = await pay('pm_card_chargeDeclined', { metadata: { order_id: orderId } });
      const b = await pay('pm_card_visa', { metadata: { order_id: orderId } });
      const found = await provider.findPaymentIntentsByOrder(orderId);
      expect(found.map((pi) => pi.id)).toEqual([a.id, b.id]);
      expect(found.map((pi) => pi.status)).toEqual(['requires_payment_method', 'succeeded']);
    });
  });

  describe('C6 3D Secure', () => {
    it('asks for authentication on-session and succeeds once the customer passes it', async () => {
      const pi = await pay('pm_card_authenticationRequired');
      expect(pi).toMatchObject({ status: 'requires_action', nextActionType: 'use_stripe_sdk' });
      await target.authenticate(pi.id, 'approve');
      expect((await provider.retrievePaymentIntent(pi.id)).status).toBe('succeeded');
    });

    it('leaves the PaymentIntent payable when the customer fails authentication', async () => {
      const pi = await pay('pm_card_authenticationRequired');
      await target.authenticate(pi.id, 'fail');
      const after = await provider.retrievePaymentIntent(pi.id);
      expect(after.status).toBe('requires_payment_method');
      expect(after.lastError?.code).toBe('payment_intent_authentication_failure');
    });

    it('declines off-session with authentication_required', async () => {
      const pi = await pay('pm_card_authenticationRequired', { offSession: true });
      expect(pi.status).toBe('requires_payment_method');
      expect(pi.lastError).toEqual({
        code: 'authentication_required',
        declineCode: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      });
    });
  });

  describe('cancel', () => {
    it('cancels an unpaid PaymentIntent and refuses to cancel a paid one', async () => {
      const open = await pay('pm_card_authenticationRequired');
      const canceled = await provider.cancelPaymentIntent(open.id, { idempotencyKey: newKey('cancel') });
      expect(canceled.status).toBe('canceled');
      const paid = await pay('pm_card_visa');
      const error = await rejection(
        provider.cancelPaymentIntent(paid.id, { idempotencyKey: newKey('cancel') }),
      );
      expect(error).toMatchObject({ kind: 'invalid_request', code: 'payment_intent_unexpected_state' });
    });
  });

  describe('C12 refunds', () => {
    it('refunds once per key, and refuses to refund more than was paid', async () => {
      const paid = await pay('pm_card_visa');
      const key = newKey('refund');
      const first = await provider.refund({ paymentIntentId: paid.id, idempotencyKey: key });
      const again = await provider.refund({ paymentIntentId: paid.id, idempotencyKey: key });
      expect(first).toMatchObject({ paymentIntentId: paid.id, amountCents: 1699, status: 'succeeded' });
      expect(again.id).toBe(first.id);
      const twice = await rejection(
        provider.refund({ paymentIntentId: paid.id, idempotencyKey: newKey('refund') }),
      );
      expect(twice).toMatchObject({ kind: 'invalid_request', code: 'charge_already_refunded' });
    });

    it('refunds in parts up to the amount paid', async () => {
      const paid = await pay('pm_card_visa');
      await provider.refund({ paymentIntentId: paid.id, amountCents: 700, idempotencyKey: newKey('refund') });
      const tooMuch = await rejection(
        provider.refund({ paymentIntentId: paid.id, amountCents: 1000, idempotencyKey: newKey('refund') }),
      );
      expect(tooMuch).toMatchObject({ kind: 'invalid_request', code: 'amount_too_large' });
      const rest = await provider.refund({
        paymentIntentId: paid.id,
        amountCents: 999,
        idempotencyKey: newKey('refund'),
      });
      expect(rest.amountCents).toBe(999);
    });

    const eventsOf = (id: string) =>
      target.events.filter((e) => e.object.id === id || e.object.payment_intent === id).map((e) => e.type);

    it('C12 pm_card_pendingRefund: the refund is pending, then succeeds with refund.updated', async () => {
      const paid = await pay('pm_card_pendingRefund');
      const refund = await provider.refund({ paymentIntentId: paid.id, idempotencyKey: newKey('refund') });
      expect(refund.status).toBe('pending');
      await target.settleRefund(refund.id);
      const updated = target.events.filter((e) => e.type === 'refund.updated' && e.object.id === refund.id);
      expect(updated.map((e) => e.object.status)).toEqual(['succeeded']);
    });

    it('C12 pm_card_refundFail: the refund succeeds, then fails with refund.failed and is refundable again', async () => {
      const paid = await pay('pm_card_refundFail');
      const refund = await provider.refund({ paymentIntentId: paid.id, idempotencyKey: newKey('refund') });
      expect(refund.status).toBe('succeeded');
      await target.settleRefund(refund.id);
      expect(eventsOf(refund.id)).toContain('refund.failed');
      const failed = target.events.find((e) => e.type === 'refund.failed' && e.object.id === refund.id);
      expect(failed?.object).toMatchObject({ status: 'failed', failure_reason: 'declined', amount: 1699 });
      const again = await provider.refund({ paymentIntentId: paid.id, idempotencyKey: newKey('refund') });
      expect(again.amountCents).toBe(1699);
    });

    it('C12 pm_card_createDispute: the charge succeeds and is disputed (charge.dispute.created)', async () => {
      const paid = await pay('pm_card_createDispute');
      expect(paid.status).toBe('succeeded');
      const dispute = target.events.find(
        (e) => e.type === 'charge.dispute.created' && e.object.payment_intent === paid.id,
      );
      expect(dispute?.object).toMatchObject({ object: 'dispute', amount: 1699, status: 'needs_response' });
    });

    it('a plain refund is not changed by settling it', async () => {
      const paid = await pay('pm_card_visa');
      const refund = await provider.refund({ paymentIntentId: paid.id, idempotencyKey: newKey('refund') });
      await target.settleRefund(refund.id);
      expect(eventsOf(refund.id)).not.toContain('refund.failed');
      expect(eventsOf(refund.id)).not.toContain('refund.updated');
    });

    it('refuses to refund a PaymentIntent that was never paid', async () => {
      const declined = await pay('pm_card_chargeDeclined');
      const error = await rejection(
        provider.refund({ paymentIntentId: declined.id, idempotencyKey: newKey('refund') }),
      );
      expect(error.kind).toBe('invalid_request');
    });
  });

  it('answers an unknown PaymentIntent with resource_missing', async () => {
    const error = await rejection(provider.retrievePaymentIntent('pi_sbx_missing'));
    expect(error).toMatchObject({ kind: 'invalid_request', code: 'resource_missing', statusCode: 404 });
  });
});

describe('the Stripe adapter on the wire', () => {
  let target: Target;
  beforeAll(async () => {
    target = await stripeAgainstStandIn();
  });
  afterAll(async () => {
    await target.close();
  });

  it('sends our idempotency key with every POST, and the stand-in replays it', async () => {
    const { provider, standIn } = target;
    const customer = await provider.ensureCustomer({ identityId: randomUUID(), email: 'cy@example.com' });
    const key = newKey('order');
    const input = {
      amountCents: 1400,
      currency: 'usd' as const,
      customerId: customer.id,
      paymentMethodId: 'pm_card_visa',
      confirm: true,
      idempotencyKey: key,
    };
    const first: ProviderPaymentIntent = await provider.createPaymentIntent(input);
    await provider.createPaymentIntent(input);
    await provider.refund({ paymentIntentId: first.id, idempotencyKey: newKey('refund') });
    const posts = standIn!.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const post of posts) expect(post.idempotencyKey).toMatch(/^(cus|order|refund):/);
    expect(posts.filter((r) => r.idempotencyKey === key)).toHaveLength(2);
  });

  it('is refused by the stand-in with a wrong key, as a configuration error', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: 'whsec_x',
      apiBase: target.standIn!.url,
    });
    const error = await rejection(wrong.retrievePaymentIntent('pi_sbx_x'));
    expect(error.kind).toBe('configuration');
  });
});
