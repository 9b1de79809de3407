import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { sandboxWebhookSecret } from '../payments/provider/create-provider.ts';
import { createSandboxProvider } from '../payments/provider/sandbox-provider.ts';
import { createDbSandboxStore } from '../payments/provider/sandbox-store.ts';
import { type StripeStandIn, startStripeStandIn } from '../payments/provider/stripe-stand-in.ts';
import {
  deliverSandboxEvents,
  identityIdOf,
  operatorToken,
  orderStatus,
  paidMember,
  providerRefundsOf,
} from './members.test-support.ts';

/*
 * docs/reliability.md#c12: refunds by the operator and the provider's later word on them, with the
 * sandbox (and one case through stripe-node against the loopback stand-in).
 */

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ logLevel: 'info' }, { limiter: relaxedLimiter(), logStream });
  token = await operatorToken(server);
});
afterAll(async () => {
  await server?.close();
});

const refund = (orderId: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/admin/orders/${orderId}/refunds`, { token, body });

/** The sandbox on the app's database: "some time later" for a refund test card. */
async function settleAtProvider(orderId: string) {
  const sandbox = createSandboxProvider({
    store: createDbSandboxStore(server.database.db),
    seed: 'store',
    webhookSecret: sandboxWebhookSecret(server.config),
  });
  const rows = await server.database.db.execute<{ provider_refund_id: string }>(
    sql`SELECT provider_refund_id FROM refunds WHERE order_id = ${orderId} ORDER BY seq`,
  );
  for (const row of rows.rows) await sandbox.settleRefund(row.provider_refund_id);
}

async function refundRows(orderId: string) {
  const rows = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT seq, status, amount_cents, idempotency_key, failure_reason FROM refunds
        WHERE order_id = ${orderId} ORDER BY seq`,
  );
  return rows.rows;
}

describe('POST /api/admin/orders/{id}/refunds (C12)', () => {
  it('refunds a paid first box in full: key refund:{order}:1, order refunded, audit row', async () => {
    const member = await paidMember(server);
    const res = await refund(member.orderId, { requestId: randomUUID(), reason: 'Box arrived damaged' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ seq: 1, status: 'succeeded', orderId: member.orderId });
    expect(res.body.amountCents).toBeGreaterThan(0);
    expect(await orderStatus(server, member.orderId)).toBe('refunded');
    const [row] = await refundRows(member.orderId);
    expect(row!.idempotency_key).toBe(`refund:${member.orderId}:1`);
    const audit = await server.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_type = 'order' AND entity_id = ${member.orderId}`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['order.refund']);
    const again = await refund(member.orderId, { requestId: randomUUID() });
    expect(again.status).toBe(409);
    expect(again.body.error_description).toMatch(/refunded in full/);
  });

  it('C12 double refund: the same request sent twice (even at once) refunds once', async () => {
    const member = await paidMember(server);
    const body = { requestId: randomUUID() };
    const [a, b] = await Promise.all([refund(member.orderId, body), refund(member.orderId, body)]);
    const c = await refund(member.orderId, body);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
    expect(await providerRefundsOf(server, member.orderId)).toBe(1);
    expect(await refundRows(member.orderId)).toHaveLength(1);
  });

  it('refunds in parts up to what was paid, and refuses more (400 with the amount left)', async () => {
    const member = await paidMember(server);
    const first = await refund(member.orderId, { requestId: randomUUID(), amountCents: 500 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ seq: 1, amountCents: 500, status: 'succeeded' });
    // A partial refund leaves the order as it was.
    expect(await orderStatus(server, member.orderId)).toBe('paid');
    const id = await identityIdOf(server, member.email);
    const detail = await server.request('GET', `/api/admin/members/${id}`, { token });
    const order = detail.body.orders.find((o: { id: string }) => o.id === member.orderId);
    const left = order.refundableCents as number;
    expect(left).toBe(order.totalCents - 500);
    const tooMuch = await refund(member.orderId, { requestId: randomUUID(), amountCents: left + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fieldErrors.amountCents).toMatch(/At most/);
    const rest = await refund(member.orderId, { requestId: randomUUID(), amountCents: left });
    expect(rest.body).toMatchObject({ seq: 2, amountCents: left, status: 'succeeded' });
    expect(await orderStatus(server, member.orderId)).toBe('refunded');
    expect((await refundRows(member.orderId)).map((r) => r.idempotency_key)).toEqual([
      `refund:${member.orderId}:1`,
      `refund:${member.orderId}:2`,
    ]);
  });

  it('answers 400 to bad input, 404 to an unknown order and 409 to an unpaid one, writing nothing', async () => {
    const member = await paidMember(server);
    for (const body of [
      {},
      { requestId: 'not-a-uuid' },
      { requestId: randomUUID(), amountCents: 0 },
      { requestId: randomUUID(), amountCents: 10.5 },
      { requestId: randomUUID(), amountCents: -100 },
    ]) {
      const res = await refund(member.orderId, body);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBeTruthy();
    }
    expect((await refund(randomUUID(), { requestId: randomUUID() })).status).toBe(404);
    const { newMember } = await import('../checkout/checkout.test-support.ts');
    const unpaid = await newMember(server, 'unpaid');
    const res = await refund(unpaid.orderId, { requestId: randomUUID() });
    expect(res.status).toBe(409);
    expect(await refundRows(member.orderId)).toHaveLength(0);
    expect(await refundRows(unpaid.orderId)).toHaveLength(0);
  });

  it("refunds a renewal's box, charged by the cycle engine, through its renewal charge", async () => {
    const member = await paidMember(server, 'pm_card_visa', 'renewal');
    const at = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000).toISOString();
    const swept = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at)}`);
    expect(swept.status).toBe(200);
    const id = await identityIdOf(server, member.email);
    const detail = await server.request('GET', `/api/admin/members/${id}`, { token });
    const renewal = detail.body.payments.find((p: { source: string }) => p.source === 'renewal');
    expect(renewal).toMatchObject({ status: 'succeeded' });
    const order = detail.body.orders.find((o: { id: string }) => o.id === renewal.orderId);
    expect(order.refundableCents).toBe(renewal.amountCents);
    const res = await refund(renewal.orderId, { requestId: randomUUID(), amountCents: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'succeeded', amountCents: 100 });
    const [row] = await refundRows(renewal.orderId);
    expect(row!.idempotency_key).toBe(`refund:${renewal.orderId}:1`);
  });

  it('C12 pm_card_pendingRefund: refund_pending while pending, refunded after refund.updated', async () => {
    const member = await paidMember(server, 'pm_card_pendingRefund');
    const res = await refund(member.orderId, { requestId: randomUUID() });
    expect(res.body.status).toBe('pending');
    expect(await orderStatus(server, member.orderId)).toBe('refund_pending');
    const since = new Date();
    await settleAtProvider(member.orderId);
    expect(await deliverSandboxEvents(server, ['refund.updated'], since)).toBe(1);
    expect((await refundRows(member.orderId))[0]!.status).toBe('succeeded');
    expect(await orderStatus(server, member.orderId)).toBe('refunded');
  });

  it('C12 pm_card_refundFail: succeeded, then failed on refund.failed, with an ops alert and a flag', async () => {
    const member = await paidMember(server, 'pm_card_refundFail', 'refundfail');
    const res = await refund(member.orderId, { requestId: randomUUID() });
    expect(res.body.status).toBe('succeeded');
    expect(await orderStatus(server, member.orderId)).toBe('refunded');
    const since = new Date();
    await settleAtProvider(member.orderId);
    expect(await deliverSandboxEvents(server, ['refund.updated', 'refund.failed'], since)).toBe(2);
    const [row] = await refundRows(member.orderId);
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'declined' });
    // The order is back to paid: the money did not go back.
    expect(await orderStatus(server, member.orderId)).toBe('paid');
    const alert = logLines.map((l) => JSON.parse(l)).find((l) => l.alert === 'refund_failed');
    expect(alert).toMatchObject({ level: 50, orderId: member.orderId });
    const list = await server.request('GET', `/api/admin/members?q=${encodeURIComponent(member.email)}`, {
      token,
    });
    expect(list.body.items[0]).toMatchObject({ email: member.email, hasFailedRefund: true });
    const attention = await server.request('GET', '/api/admin/members?status=attention&pageSize=100', {
      token,
    });
    expect(attention.body.items.map((m: { email: string }) => m.email)).toContain(member.email);
    expect(
      attention.body.items.every(
        (m: { hasFailedRefund: boolean; isDisputed: boolean }) => m.hasFailedRefund || m.isDisputed,
      ),
    ).toBe(true);
    const id = await identityIdOf(server, member.email);
    const detail = await server.request('GET', `/api/admin/members/${id}`, { token });
    expect(detail.body.refunds[0]).toMatchObject({ status: 'failed', failureReason: 'declined' });
    // It can be refunded again, with the next key.
    const retry = await refund(member.orderId, { requestId: randomUUID() });
    expect(retry.body).toMatchObject({ seq: 2, status: 'succeeded' });
  });

  it('C12 pm_card_createDispute: charge.dispute.created is recorded and the membership flagged', async () => {
    const since = new Date();
    const member = await paidMember(server, 'pm_card_createDispute', 'dispute');
    expect(await deliverSandboxEvents(server, ['charge.dispute.created'], since)).toBe(1);
    // A redelivery changes nothing.
    await deliverSandboxEvents(server, ['charge.dispute.created'], since);
    const id = await identityIdOf(server, member.email);
    const detail = await server.request('GET', `/api/admin/members/${id}`, { token });
    expect(detail.body.disputes).toHaveLength(1);
    expect(detail.body.disputes[0]).toMatchObject({ orderId: member.orderId, status: 'needs_response' });
    expect(detail.body.subscription.disputedAt).not.toBeNull();
    const alert = logLines.map((l) => JSON.parse(l)).find((l) => l.alert === 'payment_disputed');
    expect(alert).toMatchObject({ level: 50, orderId: member.orderId });
    const list = await server.request('GET', `/api/admin/members?q=${encodeURIComponent(member.email)}`, {
      token,
    });
    expect(list.body.items[0].isDisputed).toBe(true);
  });
});

describe('C12 through stripe-node and the loopback stand-in', () => {
  let standIn: StripeStandIn;
  let stripeServer: TestServer;
  let stripeToken: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripeServer = await startTestServer(
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
    standIn.setWebhookUrl(`${stripeServer.baseUrl}/api/payments/webhook`);
    stripeToken = await operatorToken(stripeServer);
  });
  afterAll(async () => {
    await stripeServer?.close();
    await standIn?.close();
  });

  it('C12 pm_card_refundFail: the refund goes through Stripe, then refund.failed arrives as a webhook', async () => {
    const member = await paidMember(stripeServer, 'pm_card_refundFail', 'stripe');
    await standIn.flushWebhooks();
    const body = { requestId: randomUUID() };
    const res = await stripeServer.request('POST', `/api/admin/orders/${member.orderId}/refunds`, {
      token: stripeToken,
      body,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('succeeded');
    const replay = await stripeServer.request('POST', `/api/admin/orders/${member.orderId}/refunds`, {
      token: stripeToken,
      body,
    });
    expect(replay.body.id).toBe(res.body.id);
    const refundPosts = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refundPosts.map((r) => r.idempotencyKey)).toEqual([`refund:${member.orderId}:1`]);
    const row = await stripeServer.database.db.execute<{ provider_refund_id: string }>(
      sql`SELECT provider_refund_id FROM refunds WHERE order_id = ${member.orderId}`,
    );
    const settled = await fetch(`${standIn.url}/sbx/refunds/${row.rows[0]!.provider_refund_id}/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.apiKey}` },
    });
    expect(settled.status).toBe(200);
    await standIn.flushWebhooks();
    await expect
      .poll(async () => {
        const r = await stripeServer.database.db.execute<{ status: string }>(
          sql`SELECT status FROM refunds WHERE order_id = ${member.orderId}`,
        );
        return r.rows[0]!.status;
      })
      .toBe('failed');
    const status = await stripeServer.database.db.execute<{ status: string }>(
      sql`SELECT status FROM orders WHERE id = ${member.orderId}`,
    );
    expect(status.rows[0]!.status).toBe('paid');
  });
});
