import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { sandboxWebhookSecret } from '../provider/create-provider.ts';
import { createStripeProvider } from '../provider/stripe-provider.ts';
import { type StripeStandIn, startStripeStandIn } from '../provider/stripe-stand-in.ts';
import { signWebhookPayload } from '../provider/webhook-signature.ts';
import { webhookEvents } from './webhooks.table.ts';

const WEBHOOK = '/api/payments/webhook';
let now = new Date('2026-11-22T12:00:00Z').getTime();
const clock = () => new Date(now);
const logLines: string[] = [];
let server: TestServer;
let secret: string;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({ logLevel: 'info' }, { clock, logStream });
  secret = sandboxWebhookSecret(server.config);
});
afterAll(async () => {
  await server?.close();
});

/** A Stripe-style event body, pretty-printed as Stripe sends it. */
function eventPayload(id = `evt_${randomUUID().replace(/-/g, '')}`, type = 'payment_intent.succeeded') {
  const event = {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(now / 1000),
    livemode: false,
    type,
    data: {
      object: { id: `pi_${randomUUID().replace(/-/g, '')}`, object: 'payment_intent', status: 'succeeded' },
    },
  };
  return { id, payload: JSON.stringify(event, null, 2) };
}

function deliver(payload: string, signature?: string) {
  return server.request('POST', WEBHOOK, {
    rawBody: { contentType: 'application/json; charset=utf-8', data: payload },
    headers: signature ? { 'stripe-signature': signature } : {},
  });
}

const sign = (payload: string, key = secret, at = Math.floor(now / 1000)) =>
  signWebhookPayload(payload, key, at);

async function storedEvents(eventId: string) {
  return server.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
}

async function countEvents(): Promise<number> {
  const result = await server.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM webhook_events`,
  );
  return result.rows[0]!.n;
}

describe('POST /api/payments/webhook', () => {
  it('records a validly signed event and answers 200', async () => {
    const { id, payload } = eventPayload();
    const res = await deliver(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, status: 'processed' });
    const [row] = await storedEvents(id);
    expect(row).toMatchObject({ eventId: id, provider: 'sandbox', type: 'payment_intent.succeeded' });
    expect(row!.objectId).toMatch(/^pi_/);
    expect(row!.processedAt).toEqual(new Date(now));
  });

  describe('C8 webhook authenticity', () => {
    it('refuses an event without a Stripe-Signature header', async () => {
      const before = await countEvents();
      const res = await deliver(eventPayload().payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error_description: 'The webhook signature could not be verified.',
        code: 'bad_request',
      });
      expect(await countEvents()).toBe(before);
    });

    it('refuses an event signed with another secret', async () => {
      const before = await countEvents();
      const { payload } = eventPayload();
      const res = await deliver(payload, sign(payload, 'whsec_someone_else'));
      expect(res.status).toBe(400);
      expect(await countEvents()).toBe(before);
    });

    it('refuses a body changed after signing', async () => {
      const before = await countEvents();
      const { payload } = eventPayload();
      const tampered = payload.replace('"succeeded"', '"canceled"');
      expect(tampered).not.toBe(payload);
      const res = await deliver(tampered, sign(payload));
      expect(res.status).toBe(400);
      expect(await countEvents()).toBe(before);
    });

    it('refuses a signature older than 300 seconds', async () => {
      const before = await countEvents();
      const { payload } = eventPayload();
      const res = await deliver(payload, sign(payload, secret, Math.floor(now / 1000) - 301));
      expect(res.status).toBe(400);
      expect(await countEvents()).toBe(before);
    });

    it('refuses a body parsed and serialised again, which no longer matches its signature', async () => {
      const before = await countEvents();
      const { payload } = eventPayload();
      const res = await deliver(JSON.stringify(JSON.parse(payload)), sign(payload));
      expect(res.status).toBe(400);
      expect(await countEvents()).toBe(before);
    });

    it('refuses a body over 64 KB before reading it as an event', async () => {
      const big = JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(70 * 1024) });
      const res = await deliver(big, sign(big));
      expect(res.status).toBe(413);
      expect(await storedEvents('evt_big')).toHaveLength(0);
    });

    it('logs why an event was refused, never the body', async () => {
      const { payload } = eventPayload('evt_logged_refusal');
      await deliver(payload, sign(payload, 'whsec_wrong'));
      const refusal = logLines.find((line) => line.includes('webhook refused'));
      expect(refusal).toBeDefined();
      expect(logLines.some((line) => line.includes('evt_logged_refusal'))).toBe(false);
    });
  });

  describe('C9 webhook replay and duplicates', () => {
    it('stores an event delivered 5 times in a row once, and reports the rest as already_processed', async () => {
      const { id, payload } = eventPayload();
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await deliver(payload, sign(payload)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((r) => r.body.status)).toEqual([
        'processed',
        'already_processed',
        'already_processed',
        'already_processed',
        'already_processed',
      ]);
      expect(await storedEvents(id)).toHaveLength(1);
      expect(
        logLines.filter((line) => line.includes('webhook already_processed') && line.includes(id)),
      ).toHaveLength(4);
    });

    it('stores an event delivered 5 times at once only once', async () => {
      const { id, payload } = eventPayload();
      const signature = sign(payload);
      const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload, signature)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const outcomes = answers.map((r) => r.body.status).sort();
      expect(outcomes).toEqual([
        'already_processed',
        'already_processed',
        'already_processed',
        'already_processed',
        'processed',
      ]);
      expect(await storedEvents(id)).toHaveLength(1);
    });

    it('accepts a redelivery 2 days later, freshly signed, as already_processed', async () => {
      const { id, payload } = eventPayload();
      expect((await deliver(payload, sign(payload))).body.status).toBe('processed');
      now += 2 * 24 * 60 * 60 * 1000;
      const later = await deliver(payload, sign(payload));
      expect(later.status).toBe(200);
      expect(later.body.status).toBe('already_processed');
      expect(await storedEvents(id)).toHaveLength(1);
    });
  });
});

describe('POST /api/payments/webhook with Stripe configured', () => {
  let standIn: StripeStandIn;
  let stripeServer: TestServer;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripeServer = await startTestServer({
      paymentsProvider: 'stripe',
      stripe: { secretKey: standIn.apiKey, webhookSecret: standIn.webhookSecret, apiBase: standIn.url },
    });
    standIn.setWebhookUrl(`${stripeServer.baseUrl}${WEBHOOK}`);
  });
  afterAll(async () => {
    await stripeServer?.close();
    await standIn?.close();
  });

  it("accepts the stand-in's signed events through stripe-node and records each once", async () => {
    const client = createStripeProvider({
      secretKey: standIn.apiKey,
      webhookSecret: standIn.webhookSecret,
      apiBase: standIn.url,
    });
    const pi = await client.createPaymentIntent({
      amountCents: 1699,
      currency: 'usd',
      paymentMethodId: 'pm_card_visa',
      confirm: true,
      metadata: { order_id: randomUUID() },
      idempotencyKey: `order:${randomUUID()}:1`,
    });
    await standIn.flushWebhooks();
    expect(standIn.deliveries.map((d) => [d.type, d.status])).toEqual([
      ['payment_intent.created', 200],
      ['charge.succeeded', 200],
      ['payment_intent.succeeded', 200],
    ]);
    const rows = await stripeServer.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'payment_intent.succeeded'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', objectId: pi.id });
  });

  it('refuses an event signed with the sandbox secret instead of STRIPE_WEBHOOK_SECRET', async () => {
    const { payload } = eventPayload();
    const res = await stripeServer.request('POST', WEBHOOK, {
      rawBody: { contentType: 'application/json', data: payload },
      headers: {
        'stripe-signature': signWebhookPayload(payload, 'whsec_not_it', Math.floor(Date.now() / 1000)),
      },
    });
    expect(res.status).toBe(400);
  });
});
