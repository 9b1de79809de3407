import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type StripeStandIn, startStripeStandIn } from '../payments/provider/stripe-stand-in.ts';
import { signWebhookPayload } from '../payments/provider/webhook-signature.ts';
import {
  createIntent,
  type Member,
  mailCount,
  newMember,
  orderRow,
  relaxedLimiter,
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

  it.todo(
    'E5 the provider redelivers failed webhooks with backoff: the stand-in delivers each event once and never retries a non-2xx (the test above redelivers by hand)',
  );
  it.todo(
    'E5 a nightly reconciliation lists PaymentIntents and events since a stored checkpoint: reconcile.ts only scans our own attempts, so an event with no attempt row (e.g. charge.refunded made in the dashboard) is never found',
  );
});
