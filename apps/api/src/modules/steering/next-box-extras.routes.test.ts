import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

/*
 * docs/product.md#next-box-extras, through HTTP: POST /order/AddToNextBox,
 * POST /order/RemoveFromNextBox, GET /order/NextBoxExtras, and the renewal that charges the
 * tubs with the box in one charge (PGlite here; PostgreSQL with TEST_DATABASE_URL).
 */

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

async function paidMember(prefix: string): Promise<Member> {
  const m = await newMember(server, prefix);
  await payOrder(server, m, m.orderId, 0);
  return m;
}

const add = (m: Member, body: unknown) =>
  server.request('POST', '/api/order/AddToNextBox', { token: m.token, body });
const remove = (m: Member, body: unknown) =>
  server.request('POST', '/api/order/RemoveFromNextBox', { token: m.token, body });
const extras = (m: Member) => server.request('GET', '/api/order/NextBoxExtras', { token: m.token });

async function authInfo(m: Member) {
  return (await server.request('GET', '/api/Account/AuthInfo', { token: m.token })).body.subscription;
}

/** A product of the member's paid first box: unlocked in the shop. */
async function unlockedProduct(m: Member): Promise<number> {
  const rows = await server.database.db.execute<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${m.orderId} ORDER BY product_id LIMIT 1`,
  );
  return Number(rows.rows[0]!.product_id);
}

async function lockedProduct(m: Member): Promise<number> {
  const rows = await server.database.db.execute<{ id: number }>(sql`
    SELECT id FROM products WHERE is_active AND id NOT IN (SELECT product_id FROM order_items WHERE order_id = ${m.orderId})
    ORDER BY id LIMIT 1`);
  return Number(rows.rows[0]!.id);
}

async function product(id: number) {
  const rows = await server.database.db.execute<{
    list_price_cents: number;
    discount_percent: number;
    tub_stock: number;
  }>(sql`SELECT list_price_cents, discount_percent, tub_stock FROM products WHERE id = ${id}`);
  return rows.rows[0]!;
}

async function chargesOf(m: Member) {
  const rows = await server.database.db.execute<{ amount_cents: number; status: string }>(sql`
    SELECT amount_cents, status FROM renewal_charges
    WHERE subscription_id = (SELECT id FROM subscriptions WHERE first_order_id = ${m.orderId})`);
  return rows.rows.map((r) => ({ amountCents: Number(r.amount_cents), status: r.status }));
}

async function sweepAt(at: Date) {
  const res = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at.toISOString())}`);
  expect(res.status).toBe(200);
}

async function mailsOf(m: Member, kind: string) {
  const rows = await server.database.db.execute<{ subject: string; text: string }>(
    sql`SELECT subject, text FROM emails WHERE to_address = ${m.email.toLowerCase()} AND kind = ${kind}`,
  );
  return rows.rows;
}

describe('adding a tub to the next box', () => {
  it('adds an unlocked tub at the member price, adds to its quantity, lists it with the billing date, removes it; mails the addition and the removal', async () => {
    const m = await paidMember('extras');
    const id = await unlockedProduct(m);
    const p = await product(id);
    let res = await add(m, { productId: id, quantity: 1 });
    expect(res.status).toBe(200);
    expect(res.body.billingDate).toBe((await authInfo(m)).isoutcNextBillingDate);
    expect(res.body.items).toHaveLength(1);
    const item = res.body.items[0];
    expect(item.productId).toBe(id);
    expect(item.quantity).toBe(1);
    expect(item.memberPrice).toBeGreaterThan(0);
    expect(item.memberPrice).toBeLessThan(Number(p.list_price_cents) / 100);
    expect(item.productName.length).toBeGreaterThan(3);
    res = await add(m, { productId: id, quantity: 2 });
    expect(res.body.items[0].quantity).toBe(3);
    // At most 5 of one product.
    res = await add(m, { productId: id, quantity: 3 });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('A box takes up to 5 tubs of one product.');
    expect((await add(m, { productId: id, quantity: 0 })).status).toBe(400);
    expect((await mailsOf(m, 'next-box-extra-added'))[0]!.subject).toMatch(/^Added to your next box: /);

    expect((await extras(m)).body.items).toHaveLength(1);
    res = await remove(m, { itemId: item.id });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect((await remove(m, { itemId: item.id })).status).toBe(404);
    // The removal is mailed once, naming the tub and its quantity (docs/product.md#steering-your-membership).
    const removed = await mailsOf(m, 'next-box-extra-removed');
    expect(removed).toHaveLength(1);
    expect(removed[0]!.subject).toBe(`Removed from your next box: ${item.productName} x3`);
  }, 60_000);

  it('403 for a product not unlocked; 404 for someone else’s tub; 409 without a live membership', async () => {
    const [a, b] = await Promise.all([paidMember('extras-a'), paidMember('extras-b')]);
    const res = await add(a, { productId: await lockedProduct(a), quantity: 1 });
    expect(res.status).toBe(403);
    expect(res.body.error_description).toMatch(/unlocks once it has been in one of your boxes/);
    const added = await add(a, { productId: await unlockedProduct(a), quantity: 1 });
    const itemId = added.body.items[0].id;
    expect((await remove(b, { itemId })).status).toBe(404);
    expect((await extras(a)).body.items).toHaveLength(1);
    expect((await add(b, { productId: 999_999, quantity: 1 })).status).toBe(404);
    await server.request('POST', '/api/user/CancelSubscription?cancelReason=3', { token: b.token });
    expect((await add(b, { productId: await unlockedProduct(b), quantity: 1 })).status).toBe(409);
  }, 60_000);
});

describe('the renewal with extras', () => {
  it('charges the box and the tubs together, exactly once: one charge, tub lines in the order, the receipt lists them, nothing waits after', async () => {
    const m = await paidMember('extras-renew');
    const id = await unlockedProduct(m);
    const p = await product(id);
    const added = await add(m, { productId: id, quantity: 2 });
    const unit = Math.round(added.body.items[0].memberPrice * 100);
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    const at = new Date(billed + 30 * DAY + 60_000);
    // Two sweeps of the same moment at once, then again: one charge.
    await Promise.all([sweepAt(at), sweepAt(at)]);
    await sweepAt(at);
    const charges = await chargesOf(m);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.status).toBe('succeeded');
    const orderId = (await authInfo(m)).currentOrderId as string;
    const order = (await server.request('GET', `/api/order/GetItem?id=${orderId}`, { token: m.token })).body;
    expect(order.kind).toBe('cycle_box');
    const tub = order.items.find((i: { undiscountedPrice: number | null }) => i.undiscountedPrice !== null);
    expect(tub.productId).toBe(id);
    expect(tub.quantity).toBe(2);
    expect(Math.round(tub.price * 100)).toBe(unit * 2);
    // One charge: box price + handling + tubs, tax on all of it; no extra shipping or handling.
    expect(Math.round(order.total * 100)).toBe(charges[0]!.amountCents);
    expect(Math.round(order.subTotal * 100)).toBe(1400 + unit * 2);
    expect(order.items.filter((i: { isPrimePick: boolean }) => i.isPrimePick)).toHaveLength(2);
    const receipt = await mailsOf(m, 'renewal-receipt');
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toMatch(/Also in this box/);
    expect((await extras(m)).body.items).toEqual([]);
    // Its stock is taken (other members' renewals in the same sweep may take some too).
    expect(Number(p.tub_stock) - Number((await product(id)).tub_stock)).toBeGreaterThanOrEqual(2);

    // Saving the chosen samples keeps the tub line; the store's choice at the deadline fills 2 samples beside it.
    await sweepAt(new Date(billed + 34 * DAY));
    const after = (await server.request('GET', `/api/order/GetItem?id=${orderId}`, { token: m.token })).body;
    expect(after.items).toHaveLength(5);
    expect(
      after.items.filter((i: { undiscountedPrice: number | null }) => i.undiscountedPrice !== null),
    ).toHaveLength(1);
  }, 90_000);

  it('a tub out of stock at renewal is left out of the charge and the member is told by mail', async () => {
    const m = await paidMember('extras-stock');
    const id = await unlockedProduct(m);
    const before = await product(id);
    await add(m, { productId: id, quantity: 1 });
    await server.database.db.execute(sql`UPDATE products SET tub_stock = 0 WHERE id = ${id}`);
    try {
      const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
      await sweepAt(new Date(billed + 30 * DAY + 60_000));
      const orderId = (await authInfo(m)).currentOrderId as string;
      const order = (await server.request('GET', `/api/order/GetItem?id=${orderId}`, { token: m.token }))
        .body;
      expect(
        order.items.some((i: { undiscountedPrice: number | null }) => i.undiscountedPrice !== null),
      ).toBe(false);
      expect((await chargesOf(m))[0]!.amountCents).toBe(Math.round(order.total * 100));
      const told = await mailsOf(m, 'next-box-extra-left-out');
      expect(told).toHaveLength(1);
      expect(told[0]!.subject).toBe('A tub was left out of your box');
    } finally {
      await server.database.db.execute(
        sql`UPDATE products SET tub_stock = ${Number(before.tub_stock)} WHERE id = ${id}`,
      );
    }
  }, 60_000);

  it('a skip moves the tubs to the box that is next billed; a cancel drops them uncharged', async () => {
    const m = await paidMember('extras-skip');
    const id = await unlockedProduct(m);
    await add(m, { productId: id, quantity: 1 });
    await server.request('POST', '/api/user/SkipNextBox', { token: m.token });
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    await sweepAt(new Date(billed + 30 * DAY + 60_000));
    expect(await chargesOf(m)).toEqual([]);
    const waiting = (await extras(m)).body;
    expect(waiting.items).toHaveLength(1);
    expect(new Date(waiting.billingDate).getTime()).toBe(billed + 60 * DAY);
    await sweepAt(new Date(billed + 60 * DAY + 120_000));
    expect(await chargesOf(m)).toHaveLength(1);
    const orderId = (await authInfo(m)).currentOrderId as string;
    const order = (await server.request('GET', `/api/order/GetItem?id=${orderId}`, { token: m.token })).body;
    expect(
      order.items.some(
        (i: { productId: number; undiscountedPrice: number | null }) =>
          i.undiscountedPrice !== null && i.productId === id,
      ),
    ).toBe(true);

    const c = await paidMember('extras-cancel');
    await add(c, { productId: await unlockedProduct(c), quantity: 1 });
    await server.request('POST', '/api/user/CancelSubscription?cancelReason=1', { token: c.token });
    expect((await extras(c)).body).toEqual({ billingDate: null, items: [] });
    const left = await server.database.db.execute(sql`
      SELECT 1 FROM next_box_extras WHERE subscription_id = (SELECT id FROM subscriptions WHERE first_order_id = ${c.orderId})`);
    expect(left.rows).toHaveLength(0);
  }, 90_000);
});
