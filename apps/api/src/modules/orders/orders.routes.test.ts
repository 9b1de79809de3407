import { randomUUID } from 'node:crypto';
import { OrderSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import {
  createIntent,
  type Member,
  mailCount,
  newMember,
  orderRow,
  payOrder,
  relaxedLimiter,
  subscribe,
} from '../checkout/checkout.test-support.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const getItem = (member: Pick<Member, 'token'>, id: string) =>
  server.request('GET', `/api/order/GetItem?id=${encodeURIComponent(id)}`, { token: member.token });
const save = (member: Pick<Member, 'token'>, body: unknown) =>
  server.request('POST', '/api/order/Save', { token: member.token, body });
const preOrder = (member: Pick<Member, 'token'>, plan: string) =>
  server.request('POST', '/api/order/ConfirmNewOrder', { token: member.token, body: { plan } });

/** Products that are not among the order's prime picks. */
async function otherProducts(orderId: string, count: number): Promise<number[]> {
  const result = await server.database.db.execute<{ id: number }>(sql`
    SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM order_items WHERE order_id = ${orderId})
    ORDER BY id LIMIT ${count}`);
  return result.rows.map((r) => Number(r.id));
}

describe('GET /api/order/GetItem', () => {
  it("answers the caller's order in the spec's shape", async () => {
    const member = await newMember(server);
    const res = await getItem(member, member.orderId);
    expect(res.status).toBe(200);
    const order = OrderSchema.strict().parse(res.body);
    expect(order).toMatchObject({ id: member.orderId, kind: 'first_box', plan: null, total: 16.99 });
    expect(order.orderNumer).toMatch(/^\d+$/);
    expect(order.items[0]).toMatchObject({
      productId: expect.any(Number),
      sampleImage: { originalPath: expect.stringMatching(/^\/catalog\//) },
      image: { originalPath: expect.stringMatching(/^\/catalog\//) },
      brandName: expect.any(String),
    });
  });

  it('shows a shop order as one: its tubs with quantities and list prices, the coupon and the tracking number', async () => {
    const member = await newMember(server);
    const db = server.database.db;
    const orderId = randomUUID();
    const [product] = (await db.execute<{ id: number }>(sql`SELECT id FROM products ORDER BY id LIMIT 1`))
      .rows;
    await db.execute(sql`
      INSERT INTO orders (id, identity_id, kind, status, price_cents, handling_fee_cents, tax_cents,
        discount_cents, total_cents, tracking_number, shipped_at, paid_at)
      VALUES (${orderId}, (SELECT identity_id FROM orders WHERE id = ${member.orderId}), 'cart', 'shipped', 6000, 299, 450, 600, 6149,
        '1Z999AA10123456784', now(), now())`);
    await db.execute(sql`
      INSERT INTO order_items (id, order_id, product_id, price_cents, quantity, list_price_cents)
      VALUES (${randomUUID()}, ${orderId}, ${Number(product!.id)}, 6000, 2, 4500)`);
    const res = await getItem(member, orderId);
    expect(res.status).toBe(200);
    const order = OrderSchema.strict().parse(res.body);
    expect(order).toMatchObject({
      kind: 'cart',
      status: 'shipped',
      statusName: 'Shipped',
      subTotal: 60,
      discount: 6,
      handlingFee: 2.99,
      taxAmount: 4.5,
      total: 61.49,
      trackingNumber: '1Z999AA10123456784',
    });
    expect(order.dateShipped).not.toBeNull();
    expect(order.items).toEqual([
      expect.objectContaining({
        productId: Number(product!.id),
        quantity: 2,
        price: 60,
        undiscountedPrice: 90,
      }),
    ]);
  });

  it("answers someone else's order like a missing one, and a malformed id without a 5xx (B1)", async () => {
    const owner = await newMember(server);
    const other = await newMember(server);
    for (const id of [owner.orderId, randomUUID(), '0', 'not-an-id', '%00']) {
      const res = await getItem(other, id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await server.request('GET', `/api/order/GetItem?id=${owner.orderId}`)).status).toBe(401);
  });
});

describe('POST /api/order/Save', () => {
  it("keeps the member's 2 chosen samples beside the prime picks, and ignores prices (B3)", async () => {
    const member = await newMember(server);
    const [a, b] = await otherProducts(member.orderId, 2);
    const res = await save(member, {
      id: member.orderId,
      price: 0,
      total: 0,
      taxAmount: 0,
      handlingFee: 0,
      items: [
        { id: 0, productId: a, price: 99 },
        { id: 0, productId: b, price: 99 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(4);
    expect(
      res.body.items
        .filter((i: { isPrimePick: boolean }) => !i.isPrimePick)
        .map((i: { productId: number }) => i.productId)
        .sort(),
    ).toEqual([a, b].sort());
    expect(res.body.items.every((i: { price: number }) => i.price === 0)).toBe(true);
    expect(await orderRow(server, member.orderId)).toMatchObject({ price_cents: 1400, total_cents: 1699 });
  });

  it("refuses a third chosen sample, an unknown product and someone else's order", async () => {
    const member = await newMember(server);
    const three = await otherProducts(member.orderId, 3);
    const tooMany = await save(member, {
      id: member.orderId,
      items: three.map((productId) => ({ productId })),
    });
    expect(tooMany.status).toBe(409);
    const unknown = await save(member, { id: member.orderId, items: [{ productId: 999_999 }] });
    expect(unknown.status).toBe(404);
    const other = await newMember(server);
    const theirs = await save(other, { id: member.orderId, items: [{ productId: three[0] }] });
    expect(theirs.status).toBe(404);
    expect((await getItem(member, member.orderId)).body.items).toHaveLength(2);
  });
});

describe('POST /api/order/ConfirmNewOrder (pre-orders)', () => {
  it('opens one pre-order per plan, priced on the server, even when pressed many times at once', async () => {
    const member = await newMember(server);
    const presses = await Promise.all(Array.from({ length: 5 }, () => preOrder(member, 'max')));
    expect(presses.map((p) => p.status)).toEqual(Array(5).fill(200));
    expect(new Set(presses.map((p) => p.body.id)).size).toBe(1);
    expect(presses[0]!.body).toMatchObject({
      kind: 'pre_order',
      plan: 'max',
      price: 134.99,
      handlingFee: 2.99,
      total: 137.98,
      items: [{ title: 'Max plan', productId: null, price: 134.99 }],
    });
    const flex = await preOrder(member, 'flex');
    expect(flex.body).toMatchObject({ plan: 'flex', price: 41.99 });
    expect(flex.body.id).not.toBe(presses[0]!.body.id);
    expect((await preOrder(member, 'ultra')).status).toBe(400);
    expect(
      (await server.request('POST', '/api/order/ConfirmNewOrder', { body: { plan: 'flex' } })).status,
    ).toBe(401);
  });

  it('is paid like the first box, shown with its card and address, and starts no membership', async () => {
    const member = await newMember(server);
    const opened = await preOrder(member, 'flex');
    const orderId = opened.body.id as string;
    const intent = await createIntent(server, member, orderId, { schedule: 1 });
    expect(intent.status).toBe(200);
    expect(
      (await subscribe(server, member, orderId, intent.body.paymentIntentId, { schedule: 1 })).status,
    ).toBe(200);
    const order = await getItem(member, orderId);
    expect(order.body).toMatchObject({
      status: 'paid',
      last4Digits: '4242',
      deliverySchedule: 1,
      // 6.25% Texas tax on $44.98.
      taxAmount: 2.81,
      total: 47.79,
      identity: {
        displayName: 'Ada Lovelace',
        emailAddress: member.email,
        shippingAddress: {
          street: '1 Congress Ave, Apt 4',
          city: 'Austin',
          state: 'TX',
          postalCode: '78701',
        },
      },
    });
    const auth = await server.request('GET', '/api/Account/AuthInfo', { token: member.token });
    expect(auth.body.subscription).toBeNull();
    expect(auth.body.uncompletedCheckoutOrderId).toBe(member.orderId);
    expect(await mailCount(server, member.email, 'order-confirmation')).toBe(1);
    // Paying the pre-order again is a conflict; a new pre-order of the plan is a new order.
    expect((await createIntent(server, member, orderId)).status).toBe(409);
    expect((await preOrder(member, 'flex')).body.id).not.toBe(orderId);
    // The first box can still be paid after a pre-order.
    await payOrder(server, member, member.orderId);
  });
});
