import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import { classifyDecline, PaymentProviderError, WebhookSignatureError } from './payment-provider.ts';
import { IDEMPOTENCY_KEY_TTL_MS, requestHash } from './sandbox-engine.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createDbSandboxStore, createMemorySandboxStore } from './sandbox-store.ts';
import { createStripeProvider, loopbackOverride } from './stripe-provider.ts';
import { parseStripeForm, startStripeStandIn } from './stripe-stand-in.ts';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature.ts';

const start = new Date('2026-11-22T12:00:00Z');

describe('sandbox ids', () => {
  it('derives the same ids from the same seed, and other ids from another seed', async () => {
    const make = (seed: string) =>
      createSandboxProvider({
        store: createMemorySandboxStore(),
        clock: () => start,
        seed,
        webhookSecret: 'whsec_x',
      });
    const run = async (seed: string) => {
      const provider = make(seed);
      const customer = await provider.ensureCustomer({ identityId: 'id-1', email: 'a@example.com' });
      const pi = await provider.createPaymentIntent({
        amountCents: 1400,
        currency: 'usd',
        customerId: customer.id,
        paymentMethodId: 'pm_card_visa',
        confirm: true,
        idempotencyKey: 'order:1:1',
      });
      return [customer.id, pi.id, pi.paymentMethodId, pi.clientSecret];
    };
    const first = await run('seed-a');
    expect(await run('seed-a')).toEqual(first);
    expect(await run('seed-b')).not.toEqual(first);
    expect(first[0]).toMatch(/^cus_sbx_[0-9a-f]{20}$/);
    expect(first[1]).toMatch(/^pi_sbx_[0-9a-f]{20}$/);
    expect(first[2]).toMatch(/^pm_sbx_[0-9a-f]{20}$/);
  });
});

describe('sandbox state in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const provider = () =>
    createSandboxProvider({
      store: createDbSandboxStore(database.db),
      clock: () => start,
      seed: 'store',
      webhookSecret: 'whsec_x',
    });

  it('survives a restart: a new process finds the PaymentIntent by order and replays its key', async () => {
    const orderId = randomUUID();
    const input = {
      amountCents: 1699,
      currency: 'usd' as const,
      paymentMethodId: 'pm_card_visa',
      confirm: true,
      metadata: { order_id: orderId },
      idempotencyKey: `order:${orderId}:1`,
    };
    const paid = await provider().createPaymentIntent(input);
    // A crash before our own row was written: the next process asks the provider again.
    const afterRestart = provider();
    const found = await afterRestart.findPaymentIntentsByOrder(orderId);
    expect(found).toEqual([paid]);
    const replayed = await afterRestart.createPaymentIntent(input);
    expect(replayed.id).toBe(paid.id);
    expect(await afterRestart.findPaymentIntentsByOrder(orderId)).toHaveLength(1);
  });

  it('hands out new ids after a restart (the sequence lives in the database)', async () => {
    const a = await provider().ensureCustomer({ identityId: randomUUID(), email: 'x@example.com' });
    const b = await provider().ensureCustomer({ identityId: randomUUID(), email: 'y@example.com' });
    expect(a.id).not.toBe(b.id);
  });

  it('answers in_progress to a second process using a key whose request has not finished', async () => {
    const other = createSandboxProvider({
      store: createDbSandboxStore(database.db),
      clock: () => start,
      webhookSecret: 'whsec_x',
    });
    // The first process claimed the key and has not answered yet (same parameters, same hash).
    const store = createDbSandboxStore(database.db);
    const params = { amount: 1400, currency: 'usd', payment_method_types: ['card'] };
    const hash = requestHash('POST', '/v1/payment_intents', params);
    expect(await store.claimKey('order:busy:1', hash, start, IDEMPOTENCY_KEY_TTL_MS)).toEqual({
      state: 'new',
    });
    const error = await other
      .createPaymentIntent({ amountCents: 1400, currency: 'usd', idempotencyKey: 'order:busy:1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ kind: 'in_progress', code: 'idempotency_key_in_use' });
  });
});

describe('sandbox stores', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([
    ['memory', () => createMemorySandboxStore()],
    ['database', () => createDbSandboxStore(database.db)],
  ])('the %s store claims, replays, refuses a mismatch, and expires keys', async (_name, make) => {
    const store = make();
    const key = `k-${randomUUID()}`;
    const day = 24 * 60 * 60 * 1000;
    expect(await store.claimKey(key, 'h1', start, day)).toEqual({ state: 'new' });
    expect(await store.claimKey(key, 'h1', start, day)).toEqual({ state: 'in_progress' });
    await store.completeKey(key, 200, { id: 'pi_1' });
    expect(await store.claimKey(key, 'h1', start, day)).toEqual({
      state: 'replay',
      statusCode: 200,
      response: { id: 'pi_1' },
    });
    expect(await store.claimKey(key, 'h2', start, day)).toEqual({ state: 'mismatch' });
    expect(await store.claimKey(key, 'h2', new Date(start.getTime() + day), day)).toEqual({ state: 'new' });
    await store.releaseKey(key);
    expect(await store.claimKey(key, 'h3', start, day)).toEqual({ state: 'new' });
  });
});

describe('the stand-in', () => {
  it('reads form-encoded parameters as Stripe does', () => {
    expect(
      parseStripeForm(
        'amount=1400&metadata[order_id]=o-1&payment_method_types[0]=card&invoice_settings[a][b]=c',
      ),
    ).toEqual({
      amount: '1400',
      metadata: { order_id: 'o-1' },
      payment_method_types: { 0: 'card' },
      invoice_settings: { a: { b: 'c' } },
    });
  });

  it('signs its webhooks so that stripe-node constructEvent accepts them', async () => {
    const received: Array<{ body: string; signature: string }> = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(request.headers['stripe-signature']),
        });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const standIn = await startStripeStandIn({
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    });
    try {
      const provider = createStripeProvider({
        secretKey: standIn.apiKey,
        webhookSecret: standIn.webhookSecret,
        apiBase: standIn.url,
      });
      const pi = await provider.createPaymentIntent({
        amountCents: 1400,
        currency: 'usd',
        paymentMethodId: 'pm_card_visa',
        confirm: true,
        idempotencyKey: `order:${randomUUID()}:1`,
      });
      await standIn.flushWebhooks();
      const types = received.map((r) => JSON.parse(r.body).type as string);
      expect(types).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
      for (const delivery of received) {
        expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        const event = Stripe.webhooks.constructEvent(
          delivery.body,
          delivery.signature,
          standIn.webhookSecret,
        );
        expect(event.id).toMatch(/^evt_sbx_/);
      }
      const succeeded = JSON.parse(received[2]!.body);
      expect(succeeded.data.object).toMatchObject({
        id: pi.id,
        status: 'succeeded',
        object: 'payment_intent',
      });
      expect(standIn.deliveries.every((d) => d.status === 200)).toBe(true);
    } finally {
      await standIn.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test_secret';
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    created: 1,
    data: { object: { id: 'pi_1' } },
  });
  const nowSeconds = Math.floor(start.getTime() / 1000);

  it("accepts our signature and stripe-node's own test header alike", () => {
    const ours = signWebhookPayload(payload, secret, nowSeconds);
    const theirs = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: nowSeconds });
    expect(ours).toBe(theirs);
    const event = verifyWebhookSignature(Buffer.from(payload), ours, secret, start);
    expect(event).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded', object: { id: 'pi_1' } });
  });

  it('refuses a signature older than 300 seconds', () => {
    const old = signWebhookPayload(payload, secret, nowSeconds - 301);
    expect(() => verifyWebhookSignature(payload, old, secret, start)).toThrow(WebhookSignatureError);
    const recent = signWebhookPayload(payload, secret, nowSeconds - 299);
    expect(verifyWebhookSignature(payload, recent, secret, start).id).toBe('evt_1');
  });
});

describe('Stripe adapter configuration', () => {
  it('points stripe-node only at loopback addresses', () => {
    expect(loopbackOverride('http://127.0.0.1:4010')).toEqual({
      host: '127.0.0.1',
      port: 4010,
      protocol: 'http',
    });
    expect(loopbackOverride('http://localhost:4010').host).toBe('localhost');
    expect(() => loopbackOverride('http://api.example.com:4010')).toThrow(/loopback/);
    expect(() => loopbackOverride('https://10.0.0.5')).toThrow(/loopback/);
  });
});

describe('classifyDecline', () => {
  it('tells renewals which declines to retry', () => {
    expect(classifyDecline({ code: 'card_declined', declineCode: 'insufficient_funds', message: '' })).toBe(
      'soft',
    );
    expect(classifyDecline({ code: 'processing_error', declineCode: 'processing_error', message: '' })).toBe(
      'soft',
    );
    expect(classifyDecline({ code: 'card_declined', declineCode: 'lost_card', message: '' })).toBe('hard');
    expect(classifyDecline({ code: 'expired_card', declineCode: 'expired_card', message: '' })).toBe('hard');
    expect(classifyDecline({ code: 'card_declined', declineCode: 'fraudulent', message: '' })).toBe('hard');
    expect(classifyDecline({ code: 'authentication_required', message: '' })).toBe('authentication_required');
  });
});
