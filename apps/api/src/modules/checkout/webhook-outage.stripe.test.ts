import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import {
  STRIPE_REDELIVERY_DELAYS_MS,
  type StripeStandIn,
  startStripeStandIn,
} from '../payments/provider/stripe-stand-in.ts';
import { signWebhookPayload } from '../payments/provider/webhook-signature.ts';
import {
  createIntent,
  type Member,
  mailCount,
  newMember,
  orderRow,
  relaxedLimiter,
  subscribe,
  subscriptionsOf,
  succeededAttemptsOf,
} from './checkout.test-support.ts';

/*
 * docs/reliability.md#e5: our webhook endpoint is down while buyers keep paying (through stripe-node and
 * the loopback stand-in), and the buyers close the tab before Subscribe, so only a webhook or the
 * reconciliation can record their payments. Every order must converge to paid exactly once.
 */

let standIn: StripeStandIn;
let outage: Server;
let server: TestServer;
let adminToken: string;
/** What Stripe would keep for redelivery: every event the stand-in emitted, in order. */
const emitted: Array<{ id: string; type: string; payload: string }> = [];

beforeAll(async () => {
  standIn = await startStripeStandIn();
  standIn.engine.onEvent((event) => {
    emitted.push({ id: event.id, type: event.type, payload: JSON.stringify(event, null, 2) });
  });
  // The endpoint during the outage: every delivery answers 503.
  outage = createServer((req, res) => {
    req.resume();
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => outage.listen(0, '127.0.0.1', () => resolve()));
  server = await startTestServer(
    {
      paymentsProvider: 'stripe',
      stripe: {
        secretKey: standIn.apiKey,
        webhookSecret: standIn.webhookSecret,
        publishableKey: 'pk_test_standin',
        apiBase: standIn.url,
      },
    },
    { limiter: relaxedLimiter() },
  );
  await seedCatalog(server.database.db);
  await seedAdmin(server.database.db, new Date());
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  adminToken = login.body.token;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => outage?.close(resolve));
  await standIn?.close();
});

function redeliver(payload: string) {
  return server.request('POST', '/api/payments/webhook', {
    rawBody: { contentType: 'application/json', data: payload },
    headers: {
      'stripe-signature': signWebhookPayload(payload, standIn.webhookSecret, Math.floor(Date.now() / 1000)),
    },
  });
}

async function expectPaidOnce(member: Member) {
  expect((await orderRow(server, member.orderId)).status).toBe('paid');
  expect(await subscriptionsOf(server, member.orderId)).toBe(1);
  expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
}

async function storedEvents(ids: string[]) {
  const result = await server.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM webhook_events WHERE event_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Number(result.rows[0]!.n);
}

describe('E5: webhook endpoint outage', () => {
  it('E5 payments made while every webhook fails converge to paid exactly once: by reconciliation, and again when the events come late', async () => {
    const port = (outage.address() as AddressInfo).port;
    standIn.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/webhook`);
    const start = emitted.length;
    const buyers = await Promise.all([
      newMember(server, 'e5'),
      newMember(server, 'e5'),
      newMember(server, 'e5'),
    ]);
    for (const buyer of buyers) {
      const intent = await createIntent(server, buyer, buyer.orderId);
      expect(intent.status).toBe(200);
      expect(intent.body.status).toBe('succeeded');
    }
    await standIn.flushWebhooks();
    const missed = emitted.slice(start);
    expect(missed.some((e) => e.type === 'payment_intent.succeeded')).toBe(true);
    const failed = standIn.deliveries.filter((d) => missed.some((e) => e.id === d.eventId));
    expect(failed.length).toBe(missed.length);
    expect(failed.every((d) => d.status === 503)).toBe(true);
    // Nothing reached us: the orders wait, unpaid, with a succeeded attempt.
    for (const buyer of buyers) expect((await orderRow(server, buyer.orderId)).status).not.toBe('paid');

    // The reconciliation pass asks the provider and records each payment once.
    const pass = await server.request('POST', '/api/payments/reconcile?olderThanSeconds=0', {
      token: adminToken,
    });
    expect(pass.status).toBe(200);
    expect(pass.body.paid).toBe(buyers.length);
    for (const buyer of buyers) await expectPaidOnce(buyer);

    // The endpoint is back and the missed events arrive late (Stripe's redelivery): all accepted, no second effect.
    standIn.setWebhookUrl(`${server.baseUrl}/api/payments/webhook`);
    for (const event of missed) {
      const res = await redeliver(event.payload);
      expect(res.status, event.type).toBe(200);
    }
    expect(await storedEvents(missed.map((e) => e.id))).toBe(missed.length);
    for (const event of missed)
      expect((await redeliver(event.payload)).body.status).toBe('already_processed');
    for (const buyer of buyers) {
      await expectPaidOnce(buyer);
      await expect.poll(() => mailCount(server, buyer.email, 'order-confirmation', 50)).toBe(1);
    }
    const again = await server.request('POST', '/api/payments/reconcile?olderThanSeconds=0', {
      token: adminToken,
    });
    expect(again.body.paid).toBe(0);

    // After the outage, a payment is recorded by its live webhook alone.
    const late = await newMember(server, 'e5-after');
    const intent = await createIntent(server, late, late.orderId);
    expect(intent.status).toBe(200);
    await standIn.flushWebhooks();
    await expect.poll(async () => (await orderRow(server, late.orderId)).status).toBe('paid');
    await expectPaidOnce(late);
  }, 60_000);

  it('E5 the provider redelivers a failed webhook with a growing wait until our endpoint answers 2xx: a payment made during an outage is recorded by the redelivery alone', async () => {
    const delays = [50, 100, 200, 400, 800, 1600];
    standIn.setRedeliveryDelays(delays);
    try {
      const port = (outage.address() as AddressInfo).port;
      standIn.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/webhook`);
      const buyer = await newMember(server, 'e5-redelivery');
      const intent = await createIntent(server, buyer, buyer.orderId);
      expect(intent.status).toBe(200);
      await standIn.flushWebhooks();
      const succeeded = emitted.find(
        (e) => e.type === 'payment_intent.succeeded' && e.payload.includes(buyer.orderId),
      )!;
      expect(succeeded).toBeDefined();
      const triesOf = () => standIn.deliveries.filter((d) => d.eventId === succeeded.id);
      // The outage goes on: the same event is tried again, each time after a longer wait.
      await expect.poll(() => triesOf().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const failed = triesOf();
      expect(failed.every((d) => d.status === 503)).toBe(true);
      expect(failed.map((d) => d.attempt)).toEqual(failed.map((_, i) => i + 1));
      expect(failed.map((d) => d.retryInMs)).toEqual(delays.slice(0, failed.length));
      expect((await orderRow(server, buyer.orderId)).status).not.toBe('paid');

      // Our endpoint is back: the next redelivery is accepted, and the order is paid without any reconciliation.
      standIn.setWebhookUrl(`${server.baseUrl}/api/payments/webhook`);
      await expect
        .poll(async () => (await orderRow(server, buyer.orderId)).status, { timeout: 10_000 })
        .toBe('paid');
      await expectPaidOnce(buyer);
      // The stand-in notes the 200 once our answer has travelled back to it.
      await expect.poll(() => triesOf().at(-1)?.status).toBe(200);
      const tries = triesOf();
      expect(tries.at(-1)!.status).toBe(200);
      expect(tries.at(-1)!.retryInMs).toBeUndefined();
      expect(tries.filter((d) => d.status === 200)).toHaveLength(1);
      await expect.poll(() => mailCount(server, buyer.email, 'order-confirmation', 50)).toBe(1);
    } finally {
      standIn.setRedeliveryDelays(STRIPE_REDELIVERY_DELAYS_MS);
    }
  }, 60_000);

  it("E5 the event reconciliation lists the provider's events since a checkpoint kept in the database: a refund and a dispute made in the dashboard, whose webhooks were lost, reach their orders once", async () => {
    // Every webhook is lost from here on.
    standIn.setWebhookUrl(undefined);
    const refunded = await newMember(server, 'e5-dashboard-refund');
    const disputed = await newMember(server, 'e5-dashboard-dispute');
    for (const buyer of [refunded, disputed]) {
      const intent = await createIntent(server, buyer, buyer.orderId);
      expect(intent.status).toBe(200);
      expect((await subscribe(server, buyer, buyer.orderId, intent.body.paymentIntentId)).status).toBe(200);
      await expectPaidOnce(buyer);
    }
    const job = server.app.scheduler.jobs.find((j) => j.name === 'provider-event-reconciliation')!;
    await server.app.scheduler.runNow(job);
    const first = await checkpointRow();
    expect(first).toBeDefined();

    // In Stripe's dashboard: a full refund of one payment, a dispute of the other.
    const refundedPi = await paymentIntentOf(refunded.orderId);
    const refund = await standIn.engine.request({
      method: 'POST',
      path: '/v1/refunds',
      params: { payment_intent: refundedPi },
    });
    expect(refund.statusCode).toBe(200);
    const disputedPi = await paymentIntentOf(disputed.orderId);
    const chargeId = String(
      (
        (
          await standIn.engine.request({
            method: 'GET',
            path: `/v1/payment_intents/${disputedPi}`,
            params: {},
          })
        ).body as { latest_charge: string }
      ).latest_charge,
    );
    const dispute = await standIn.engine.request({
      method: 'POST',
      path: `/sbx/charges/${chargeId}/dispute`,
      params: {},
    });
    expect(dispute.statusCode).toBe(200);
    expect((await orderRow(server, refunded.orderId)).status).toBe('paid');

    await server.app.scheduler.runNow(job);
    expect((await orderRow(server, refunded.orderId)).status).toBe('refunded');
    const refunds = await server.database.db.execute<{ amount_cents: number; status: string }>(
      sql`SELECT amount_cents, status FROM refunds WHERE order_id = ${refunded.orderId}`,
    );
    expect(refunds.rows.map((r) => [Number(r.amount_cents), r.status])).toEqual([
      [(await orderRow(server, refunded.orderId)).total_cents, 'succeeded'],
    ]);
    const disputes = await server.database.db.execute<{ order_id: string }>(
      sql`SELECT order_id FROM payment_disputes WHERE provider_payment_intent_id = ${disputedPi}`,
    );
    expect(disputes.rows.map((r) => r.order_id)).toEqual([disputed.orderId]);
    const flagged = await server.database.db.execute<{ disputed_at: unknown }>(
      sql`SELECT disputed_at FROM subscriptions WHERE first_order_id = ${disputed.orderId}`,
    );
    expect(flagged.rows[0]!.disputed_at).toBeTruthy();
    // The checkpoint moved forward in the database; a second pass finds nothing new to apply.
    const second = await checkpointRow();
    expect(new Date(second!.created_after).getTime()).toBeGreaterThanOrEqual(
      new Date(first!.created_after).getTime(),
    );
    const events = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM webhook_events WHERE type IN ('charge.refunded', 'charge.dispute.created')`,
    );
    await server.app.scheduler.runNow(job);
    const again = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM webhook_events WHERE type IN ('charge.refunded', 'charge.dispute.created')`,
    );
    expect(Number(again.rows[0]!.n)).toBe(Number(events.rows[0]!.n));
    expect(
      (await server.database.db.execute(sql`SELECT 1 FROM refunds WHERE order_id = ${refunded.orderId}`))
        .rows,
    ).toHaveLength(1);
    const runs = (await server.app.scheduler.history()).find((r) => r.name === job.name)!;
    expect(runs.lastError).toBeNull();
  }, 60_000);
});

async function checkpointRow() {
  const result = await server.database.db.execute<{ created_after: string; last_event_id: string }>(
    sql`SELECT created_after, last_event_id FROM provider_event_checkpoints WHERE provider = 'stripe'`,
  );
  return result.rows[0];
}

async function paymentIntentOf(orderId: string): Promise<string> {
  const result = await server.database.db.execute<{ pi: string }>(
    sql`SELECT provider_payment_intent_id AS pi FROM payment_attempts WHERE order_id = ${orderId} AND status = 'succeeded'`,
  );
  return result.rows[0]!.pi;
}
