import { randomUUID } from 'node:crypto';
import { TUB_PLANS, tubPlanUnitCents } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import {
  createIntent,
  type Member,
  newMember,
  PASSWORD,
  payOrder,
  relaxedLimiter,
  subscribe,
} from '../checkout/checkout.test-support.ts';

/*
 * The Flex and Max tub plans through real HTTP (docs/product.md#tub-plans): the launch, starting a
 * plan with and without a pre-order, a year of renewals on the cycle engine, Max's free tub, skip,
 * pause, cancel, dunning, the 30-day refund and concurrent sweeps. The server's clock is the
 * test's; the dev clock (`POST /api/dev/sweep?at=`) runs each day's sweep.
 */

const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse('2027-03-01T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  await seedAdmin(server.database.db);
  adminToken = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

async function login(email: string, password = PASSWORD): Promise<string> {
  const res = await server.request('POST', '/api/User/Login', { body: { emailAddress: email, password } });
  expect(res.status, email).toBe(200);
  return res.body.token as string;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await server.database.db.execute(query)).rows as T[];
}

/** A fresh token at the test's clock (a token from months ago has expired). */
async function call(
  m: Pick<Member, 'email'>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  key?: string,
) {
  return server.request(method, path, {
    token: await login(m.email),
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

async function sweepAt(at: number) {
  const res = await server.request(
    'POST',
    `/api/dev/sweep?at=${encodeURIComponent(new Date(at).toISOString())}`,
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** Moves the clock `days` days on, sweeping once a day. */
async function runDays(days: number) {
  for (let d = 0; d < days; d++) {
    now += DAY;
    await sweepAt(now);
  }
}

async function preOrderPaid(plan: 'flex' | 'max'): Promise<Member & { preOrderId: string }> {
  const m = await newMember(server, `pre-${plan}`);
  const opened = await server.request('POST', '/api/order/ConfirmNewOrder', {
    token: m.token,
    body: { plan },
  });
  expect(opened.status).toBe(200);
  const preOrderId = opened.body.id as string;
  const intent = await createIntent(server, m, preOrderId);
  expect(intent.status).toBe(200);
  expect((await subscribe(server, m, preOrderId, intent.body.paymentIntentId)).status).toBe(200);
  return { ...m, preOrderId };
}

/** A member who paid their first box: its samples are unlocked, their card is saved. */
async function sampledMember(prefix: string) {
  const m = await newMember(server, prefix);
  await payOrder(server, m, m.orderId);
  const unlocked = await rows<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${m.orderId} ORDER BY product_id`,
  );
  expect(unlocked.length).toBeGreaterThan(1);
  return { ...m, unlocked: unlocked.map((r) => Number(r.product_id)) };
}

async function planCharges(planId: string) {
  return rows<{ period_index: number; attempt: number; status: string; idempotency_key: string }>(sql`
    SELECT period_index, attempt, status, idempotency_key FROM plan_charges
    WHERE plan_kind = 'tub_plan' AND plan_id = ${planId} ORDER BY period_index, attempt`);
}

/** Charges the sandbox made for a plan's PaymentIntents: what the card was really charged. */
async function providerCharges(planId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sandbox_objects c WHERE c.kind = 'charge'
      AND c.data->>'payment_intent' IN (SELECT provider_payment_intent_id FROM plan_charges WHERE plan_id = ${planId})`);
  return Number(row!.n);
}

async function planOrders(planId: string) {
  return rows<{ id: string; status: string; kind: string; total_cents: number; order_number: string }>(sql`
    SELECT o.id, o.status, o.kind, o.total_cents, o.order_number FROM plan_periods pp JOIN orders o ON o.id = pp.order_id
    WHERE pp.plan_id = ${planId} ORDER BY pp.period_index`);
}

async function mails(to: string, kind: string) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return rows<{ subject: string; text: string }>(
    sql`SELECT subject, text FROM emails WHERE to_address = ${to.toLowerCase()} AND kind = ${kind} ORDER BY created_at`,
  );
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await rows<{ tub_stock: number }>(
    sql`SELECT tub_stock FROM products WHERE id = ${productId}`,
  );
  return Number(row!.tub_stock);
}

async function listPrice(productId: number): Promise<number> {
  const [row] = await rows<{ c: number }>(
    sql`SELECT list_price_cents AS c FROM products WHERE id = ${productId}`,
  );
  return Number(row!.c);
}

async function anyProduct(except: readonly number[] = []): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    SELECT id FROM products WHERE is_active AND tub_stock > 20
      AND NOT (id = ANY(${`{${except.join(',')}}`}::int[])) ORDER BY id LIMIT 1`);
  return Number(row!.id);
}

let flexPreOrder: Member & { preOrderId: string };
let maxPreOrder: Member & { preOrderId: string };
let launchedAt: number;

describe('launch', () => {
  it('before the launch a plan cannot start (409) and the page takes pre-orders; the launch is idempotent, audited and mails each pre-order holder', async () => {
    flexPreOrder = await preOrderPaid('flex');
    maxPreOrder = await preOrderPaid('max');
    const early = await sampledMember('early');
    const refused = await call(early, 'POST', '/api/tubPlan/Start', {
      plan: 'flex',
      items: [{ productId: early.unlocked[0], quantity: 1 }],
      deliverySchedule: 0,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error_description).toMatch(/not launched/i);
    expect((await call(early, 'GET', '/api/tubPlan/Options')).body.launched).toBe(false);
    expect((await server.request('GET', '/api/tubPlan/Status')).body).toEqual({
      launched: false,
      launchedAt: null,
    });

    const customer = await call(early, 'POST', '/api/admin/tub-plans/launch');
    expect(customer.status).toBe(403);

    launchedAt = now;
    const first = await server.request('POST', '/api/admin/tub-plans/launch', { token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body.launchedNow).toBe(true);
    expect(first.body.mailed).toBe(2);
    const again = await server.request('POST', '/api/admin/tub-plans/launch', { token: adminToken });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ launchedNow: false, mailed: 0, launchedAt: first.body.launchedAt });
    const audit = await rows(sql`SELECT * FROM audit_log WHERE action = 'tub_plans.launch'`);
    expect(audit).toHaveLength(1);

    const flexMail = await mails(flexPreOrder.email, 'tub-plan-launch');
    expect(flexMail).toHaveLength(1);
    expect(flexMail[0]!.subject).toContain('Flex plan');
    expect(flexMail[0]!.text).toContain(`/subscriptions-learn-more?preOrder=${flexPreOrder.preOrderId}`);
    const maxMail = await mails(maxPreOrder.email, 'tub-plan-launch');
    expect(maxMail).toHaveLength(1);
    expect(maxMail[0]!.subject).toContain('Max plan');
    expect((await call(early, 'GET', '/api/tubPlan/Options')).body.launched).toBe(true);
    expect((await server.request('GET', '/api/tubPlan/Status')).body.launched).toBe(true);
  }, 120_000);
});

describe('start', () => {
  it('with a pre-order: any tub for a holder who never sampled, no card charged, the first delivery paid by the pre-order', async () => {
    const m = flexPreOrder;
    const options = await call(m, 'GET', '/api/tubPlan/Options');
    expect(options.body.preOrders).toEqual([expect.objectContaining({ id: m.preOrderId, plan: 'flex' })]);
    const productId = await anyProduct();
    const chargesBefore = await rows(sql`SELECT id FROM sandbox_objects WHERE kind = 'charge'`);
    const wrongPlan = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'max',
      items: [{ productId, quantity: 4 }],
      deliverySchedule: 0,
      preOrderId: m.preOrderId,
    });
    expect(wrongPlan.status).toBe(400);
    expect(wrongPlan.body.error_description).toContain('Flex plan');
    const stock = await stockOf(productId);
    const started = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'flex',
      items: [{ productId, quantity: 1 }],
      deliverySchedule: 2,
      preOrderId: m.preOrderId,
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      plan: 'flex',
      status: 'active',
      deliverySchedule: 2,
      items: [{ productId, quantity: 1, name: expect.any(String) }],
      nextBillingDate: new Date(now + 60 * DAY).toISOString(),
    });
    // Nothing charged: the pre-order's payment was the promise.
    expect(await rows(sql`SELECT id FROM sandbox_objects WHERE kind = 'charge'`)).toHaveLength(
      chargesBefore.length,
    );
    expect(await planCharges(started.body.id)).toEqual([]);
    const [order] = await planOrders(started.body.id);
    expect(order).toMatchObject({ kind: 'tub_plan', status: 'paid', total_cents: 0 });
    expect(await stockOf(productId)).toBe(stock - 1);
    const view = await call(m, 'GET', `/api/order/GetItem?id=${order!.id}`);
    expect(view.body.kind).toBe('tub_plan');
    expect(view.body.items[0].flavorSubCategoryText).not.toBe('');
    const receipt = await mails(m.email, 'tub-plan-receipt');
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain('Paid by your pre-order');
    // Claimed once.
    const twice = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'flex',
      items: [{ productId, quantity: 1 }],
      deliverySchedule: 2,
      preOrderId: m.preOrderId,
    });
    expect(twice.status).toBe(409);
    const mine = await call(m, 'GET', '/api/tubPlan/Mine');
    expect(mine.body).toHaveLength(1);
  }, 120_000);

  it('without a pre-order: 400 for the wrong count, 403 for a tub not unlocked, one charge of the card, idempotent under retries', async () => {
    const m = await sampledMember('starter');
    const tub = m.unlocked[0]!;
    const notUnlocked = await anyProduct(m.unlocked);
    const three = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'max',
      items: [{ productId: tub, quantity: 3 }],
      deliverySchedule: 0,
    });
    expect(three.status).toBe(400);
    expect(three.body.error_description).toMatch(/4 paid tubs/);
    const locked = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'flex',
      items: [{ productId: notUnlocked, quantity: 1 }],
      deliverySchedule: 0,
    });
    expect(locked.status).toBe(403);
    expect(locked.body.error_description).toMatch(/not unlocked/);
    const key = randomUUID();
    const body = { plan: 'flex', items: [{ productId: tub, quantity: 1 }], deliverySchedule: 0 };
    const [a, b] = await Promise.all([
      call(m, 'POST', '/api/tubPlan/Start', body, key),
      call(m, 'POST', '/api/tubPlan/Start', body, key),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const retry = await call(m, 'POST', '/api/tubPlan/Start', body, key);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(ok[0]!.body.id);
    const planId = retry.body.id as string;
    expect((await call(m, 'GET', '/api/tubPlan/Mine')).body).toHaveLength(1);
    expect(await planCharges(planId)).toEqual([
      expect.objectContaining({
        period_index: 0,
        attempt: 1,
        status: 'succeeded',
        idempotency_key: `tub_plan:${planId}:0:1`,
      }),
    ]);
    expect(await providerCharges(planId)).toBe(1);
    const [order] = await planOrders(planId);
    const unit = tubPlanUnitCents('flex', await listPrice(tub));
    const [row] = await rows<{ price_cents: number; tax_cents: number; handling_fee_cents: number }>(
      sql`SELECT price_cents, tax_cents, handling_fee_cents FROM orders WHERE id = ${order!.id}`,
    );
    // Free shipping, no handling fee, Texas tax on the tub.
    expect(row).toMatchObject({
      price_cents: unit,
      handling_fee_cents: 0,
      tax_cents: Math.round(unit * 0.0625),
    });
    expect(order!.status).toBe('paid');
    expect(await mails(m.email, 'tub-plan-receipt')).toHaveLength(1);
  }, 120_000);
});

describe('a year of Flex every 45 days', () => {
  it('9 deliveries: the first and 8 renewals, each charged once, each reminded, on the engine', async () => {
    const m = await sampledMember('year');
    const started = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'flex',
      items: [{ productId: m.unlocked[0], quantity: 1 }],
      deliverySchedule: 1,
    });
    expect(started.status).toBe(200);
    const planId = started.body.id as string;
    await runDays(365);
    const charges = await planCharges(planId);
    expect(charges.map((c) => c.period_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(charges.every((c) => c.status === 'succeeded' && c.attempt === 1)).toBe(true);
    expect(await providerCharges(planId)).toBe(9);
    const orders = await planOrders(planId);
    expect(orders).toHaveLength(9);
    expect(orders.every((o) => o.kind === 'tub_plan' && o.status === 'paid')).toBe(true);
    expect(new Set(orders.map((o) => o.order_number)).size).toBe(9);
    expect(await mails(m.email, 'tub-plan-reminder')).toHaveLength(8);
    expect(await mails(m.email, 'tub-plan-receipt')).toHaveLength(9);
  }, 300_000);
});

describe('Max, skip, pause and cancel', () => {
  it('Max holds four paid tubs and a fifth free: one more of the first line unless another is picked', async () => {
    const m = await sampledMember('max');
    const [first, second] = m.unlocked as [number, number];
    const stock = await stockOf(first);
    const started = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'max',
      items: [
        { productId: first, quantity: 3 },
        { productId: second, quantity: 1 },
      ],
      deliverySchedule: 0,
    });
    expect(started.status).toBe(200);
    expect(started.body.freeItem).toMatchObject({ productId: first });
    const [order] = await planOrders(started.body.id);
    const lines = await rows<{ product_id: number; quantity: number; price_cents: number }>(
      sql`SELECT product_id, quantity, price_cents FROM order_items WHERE order_id = ${order!.id} ORDER BY price_cents DESC`,
    );
    const unitFirst = tubPlanUnitCents('max', await listPrice(first));
    const unitSecond = tubPlanUnitCents('max', await listPrice(second));
    expect(lines).toEqual(
      expect.arrayContaining([
        { product_id: first, quantity: 3, price_cents: unitFirst * 3 },
        { product_id: second, quantity: 1, price_cents: unitSecond },
        { product_id: first, quantity: 1, price_cents: 0 },
      ]),
    );
    expect(await stockOf(first)).toBe(stock - 4);
    expect(TUB_PLANS.max.discountPercent).toBeGreaterThanOrEqual(30);
    // Packed and shipped from the back office's tub orders, its shipped mail naming every tub.
    const operator = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const toShip = await server.request(
      'GET',
      '/api/admin/fulfilment/cart-orders?status=to_ship&pageSize=100',
      {
        token: operator,
      },
    );
    expect(toShip.status, JSON.stringify(toShip.body)).toBe(200);
    expect(toShip.body.items.map((o: { orderId: string }) => o.orderId)).toContain(order!.id);
    const shipped = await server.request('POST', '/api/admin/fulfilment/cart-orders/ship', {
      token: operator,
      body: { shipments: [{ orderId: order!.id, trackingNumber: '9400111899223197428492' }] },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.results[0].outcome).toBe('changed');
    await sweepAt(now);
    const shippedMail = await mails(m.email, 'order-shipped');
    expect(shippedMail).toHaveLength(1);
    const [firstTitle] = await rows<{ title: string; flavor: string }>(
      sql`SELECT title, flavor FROM products WHERE id = ${first}`,
    );
    expect(shippedMail[0]!.text).toContain(firstTitle!.flavor);
    // The free tub can be another unlocked one.
    const changed = await call(m, 'POST', '/api/tubPlan/ChangeItems', {
      id: started.body.id,
      items: [{ productId: second, quantity: 4 }],
      freeProductId: first,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      items: [{ productId: second, quantity: 4 }],
      freeItem: { productId: first },
    });
    await runDays(30);
    const [, next] = await planOrders(started.body.id);
    const nextLines = await rows<{ product_id: number; quantity: number; price_cents: number }>(
      sql`SELECT product_id, quantity, price_cents FROM order_items WHERE order_id = ${next!.id}`,
    );
    expect(nextLines).toEqual(
      expect.arrayContaining([
        { product_id: second, quantity: 4, price_cents: unitSecond * 4 },
        { product_id: first, quantity: 1, price_cents: 0 },
      ]),
    );
  }, 120_000);

  it('skip passes one date without tubs or a charge; pause passes 1-3 then resumes; cancel stops the next', async () => {
    const m = await sampledMember('steer');
    const started = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'flex',
      items: [{ productId: m.unlocked[0], quantity: 1 }],
      deliverySchedule: 0,
    });
    const id = started.body.id as string;
    const skipped = await call(m, 'POST', '/api/tubPlan/Skip', { id });
    expect(skipped.status).toBe(200);
    expect(skipped.body.nextBillingDate).toBe(new Date(now + 60 * DAY).toISOString());
    await runDays(31);
    expect(await planCharges(id)).toHaveLength(1);
    await runDays(30);
    expect((await planCharges(id)).map((c) => c.period_index)).toEqual([0, 2]);

    const paused = await call(m, 'POST', '/api/tubPlan/Pause', { id, deliveries: 2 });
    expect(paused.body.status).toBe('paused');
    expect((await call(m, 'POST', '/api/tubPlan/Pause', { id, deliveries: 4 })).status).toBe(400);
    await runDays(61);
    expect((await planCharges(id)).map((c) => c.period_index)).toEqual([0, 2]);
    await runDays(30);
    expect((await planCharges(id)).map((c) => c.period_index)).toEqual([0, 2, 5]);
    expect((await call(m, 'GET', '/api/tubPlan/Mine')).body[0].status).toBe('active');

    const again = await call(m, 'POST', '/api/tubPlan/Pause', { id, deliveries: 1 });
    expect(again.body.status).toBe('paused');
    const resumed = await call(m, 'POST', '/api/tubPlan/Resume', { id });
    expect(resumed.body.status).toBe('active');

    const canceled = await call(m, 'POST', '/api/tubPlan/Cancel', { id });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', nextBillingDate: null });
    await runDays(62);
    expect(await planCharges(id)).toHaveLength(3);
    expect(await providerCharges(id)).toBe(3);
    // Another member's plan is not found.
    const other = await sampledMember('other');
    expect((await call(other, 'POST', '/api/tubPlan/Skip', { id })).status).toBe(404);
  }, 300_000);
});

describe('dunning and refunds', () => {
  it('a declined renewal is retried 1, 3 and 5 days after, then the plan is canceled; its order dropped and its tubs back', async () => {
    const m = await sampledMember('declined');
    const tub = m.unlocked[0]!;
    const started = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'flex',
      items: [{ productId: tub, quantity: 1 }],
      deliverySchedule: 0,
    });
    const id = started.body.id as string;
    // The saved card starts declining for lack of funds (a soft decline).
    await server.database.db.execute(sql`
      UPDATE sandbox_objects SET data = jsonb_set(data, '{testCard}', to_jsonb('pm_card_chargeDeclinedInsufficientFunds'::text))
      WHERE kind = 'payment_method' AND id IN (
        SELECT provider_payment_method_id FROM payment_methods pm JOIN identities i ON i.id = pm.identity_id
        WHERE i.email = ${m.email.toLowerCase()})`);
    await runDays(29);
    const stock = await stockOf(tub);
    await runDays(1);
    expect((await call(m, 'GET', '/api/tubPlan/Mine')).body[0].status).toBe('past_due');
    expect(await stockOf(tub)).toBe(stock - 1);
    await runDays(6);
    const charges = await planCharges(id);
    expect(charges.map((c) => `${c.period_index}:${c.attempt}:${c.status}`)).toEqual([
      '0:1:succeeded',
      '1:1:failed',
      '1:2:failed',
      '1:3:failed',
      '1:4:failed',
    ]);
    expect((await call(m, 'GET', '/api/tubPlan/Mine')).body[0].status).toBe('canceled');
    expect(await mails(m.email, 'tub-plan-payment-failed')).toHaveLength(3);
    expect(await mails(m.email, 'tub-plan-canceled')).toHaveLength(1);
    const orders = await planOrders(id);
    expect(orders.map((o) => o.status)).toEqual(['paid', 'canceled']);
    expect(await stockOf(tub)).toBe(stock);
    expect(await providerCharges(id)).toBe(1);
  }, 120_000);

  it('an unclaimed pre-order is reminded 14 days after launch and refunded in full 30 days after, mailed once', async () => {
    now = Math.max(now, launchedAt + 31 * DAY);
    await sweepAt(now);
    await sweepAt(now);
    const order = await rows<{ status: string; total_cents: number }>(
      sql`SELECT status, total_cents FROM orders WHERE id = ${maxPreOrder.preOrderId}`,
    );
    expect(order[0]!.status).toBe('refunded');
    const refunds = await rows<{ amount_cents: number; status: string }>(
      sql`SELECT amount_cents, status FROM refunds WHERE order_id = ${maxPreOrder.preOrderId}`,
    );
    expect(refunds).toEqual([{ amount_cents: Number(order[0]!.total_cents), status: 'succeeded' }]);
    expect(await mails(maxPreOrder.email, 'tub-plan-choose-reminder')).toHaveLength(1);
    const refunded = await mails(maxPreOrder.email, 'tub-plan-pre-order-refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.subject).toContain('Max plan');
    // The claimed Flex pre-order is kept, not refunded nor reminded.
    expect(await rows(sql`SELECT id FROM refunds WHERE order_id = ${flexPreOrder.preOrderId}`)).toEqual([]);
    expect(await mails(flexPreOrder.email, 'tub-plan-choose-reminder')).toHaveLength(0);
    const late = await call(maxPreOrder, 'POST', '/api/tubPlan/Start', {
      plan: 'max',
      items: [{ productId: await anyProduct(), quantity: 4 }],
      deliverySchedule: 0,
      preOrderId: maxPreOrder.preOrderId,
    });
    expect(late.status).toBe(409);
  }, 120_000);
});

describe('two processes', () => {
  it('three sweeps at once charge each due delivery once', async () => {
    const members = await Promise.all([sampledMember('race-a'), sampledMember('race-b')]);
    const ids: string[] = [];
    for (const m of members) {
      const res = await call(m, 'POST', '/api/tubPlan/Start', {
        plan: 'flex',
        items: [{ productId: m.unlocked[0], quantity: 1 }],
        deliverySchedule: 0,
      });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    now += 30 * DAY;
    await Promise.all([sweepAt(now), sweepAt(now), sweepAt(now)]);
    await sweepAt(now + 60_000 * 3);
    for (const id of ids) {
      const charges = await planCharges(id);
      expect(charges.filter((c) => c.status === 'succeeded').map((c) => c.period_index)).toEqual([0, 1]);
      expect(await providerCharges(id)).toBe(2);
      expect(await planOrders(id)).toHaveLength(2);
    }
  }, 120_000);
});

describe("the operator's insights", () => {
  it('count a Flex plan every 45 days in MRR at its delivery price × 30 / 45, and its delivery under tub plan revenue', async () => {
    const today = new Date(now).toISOString().slice(0, 10);
    const insights = async () => {
      const res = await server.request('GET', `/api/admin/insights?from=${today}&to=${today}`, {
        token: await login(DEMO_ADMIN.email, DEMO_ADMIN.password),
      });
      expect(res.status).toBe(200);
      return res.body as { mrrCents: number; revenueCents: { tubPlansCents: number; totalCents: number } };
    };
    // The launch is idempotent: this test also runs alone.
    const launched = await server.request('POST', '/api/admin/tub-plans/launch', {
      token: await login(DEMO_ADMIN.email, DEMO_ADMIN.password),
    });
    expect(launched.status).toBe(200);
    const m = await sampledMember('insights');
    const before = await insights();
    const tub = m.unlocked[0]!;
    const started = await call(m, 'POST', '/api/tubPlan/Start', {
      plan: 'flex',
      items: [{ productId: tub, quantity: 1 }],
      deliverySchedule: 1,
    });
    expect(started.status).toBe(200);
    const after = await insights();
    const unit = tubPlanUnitCents('flex', await listPrice(tub));
    expect(after.mrrCents - before.mrrCents).toBe(Math.round((unit * 30) / 45));
    const [order] = await planOrders(started.body.id as string);
    const [paid] = await rows<{ total_cents: number }>(
      sql`SELECT total_cents FROM orders WHERE id = ${order!.id}`,
    );
    expect(after.revenueCents.tubPlansCents - before.revenueCents.tubPlansCents).toBe(
      Number(paid!.total_cents),
    );
    expect(after.revenueCents.totalCents - before.revenueCents.totalCents).toBe(Number(paid!.total_cents));

    // Cancelled, it no longer adds to MRR.
    expect((await call(m, 'POST', '/api/tubPlan/Cancel', { id: started.body.id })).status).toBe(200);
    expect((await insights()).mrrCents).toBe(before.mrrCents);
  }, 120_000);
});
