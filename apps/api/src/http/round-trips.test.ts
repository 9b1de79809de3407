import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCoupons } from '../modules/cart/coupons.seed.ts';
import { seedCatalog } from '../modules/catalog/catalog.seed.ts';
import {
  type Member,
  newMember,
  payOrder,
  relaxedLimiter,
} from '../modules/checkout/checkout.test-support.ts';
import { startTestServer, type TestServer } from '../test/helpers.ts';

// The member reads of the store's hot path: each answer costs at most two SQL round trips, counted
// by the database layer (every statement Drizzle sends, prepared or not, BEGIN/COMMIT included on
// PostgreSQL; PGlite begins and ends a transaction itself, so there a write counts two fewer).
const MAX_ROUND_TRIPS = 2;

let server: TestServer;
let member: Member;
let productId: number;
let cartId: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
  await seedCoupons(server.database.db);
  member = await newMember(server, 'trips');
  await payOrder(server, member, member.orderId);
  const unlocked = await server.database.db.execute<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${member.orderId} ORDER BY product_id LIMIT 1`,
  );
  productId = Number(unlocked.rows[0]!.product_id);
  const added = await server.request('POST', `/api/cart/addToCart?productId=${productId}&cartId=0`, {
    token: member.token,
  });
  expect(added.status).toBe(200);
  cartId = added.body.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The statements the database saw while one request was answered, and the answer. */
async function roundTrips(path: string) {
  const before = server.database.queries.count;
  const response = await server.request('GET', path, { token: member.token });
  return { response, trips: server.database.queries.count - before };
}

describe('SQL round trips per member read', () => {
  const reads: [string, () => string][] = [
    ['Account/AuthInfo', () => '/api/Account/AuthInfo'],
    ['product/GetItem', () => `/api/product/GetItem?id=${productId}`],
    ['product/GetShopProducts', () => '/api/product/GetShopProducts'],
    ['checkout/GetCheckoutOrder', () => `/api/checkout/GetCheckoutOrder?orderId=${member.orderId}`],
    ['order/GetMyOrders', () => '/api/order/GetMyOrders'],
    ['cart/GetItem', () => `/api/cart/GetItem?id=${cartId}`],
  ];
  for (const [name, path] of reads) {
    it(`${name} answers 200 with at most ${MAX_ROUND_TRIPS} statements, the first time and the second`, async () => {
      for (const _ of [1, 2]) {
        const { response, trips } = await roundTrips(path());
        expect(response.status, response.text).toBe(200);
        expect(trips).toBeGreaterThan(0);
        expect(trips).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
      }
    });
  }

  it('AuthInfo is one statement: a member with their membership, and someone whose first box is still to pay with its order', async () => {
    const { response, trips } = await roundTrips('/api/Account/AuthInfo');
    expect(response.status, response.text).toBe(200);
    expect(response.body.identity.emailAddress).toBe(member.email);
    expect(response.body.subscription).not.toBeNull();
    expect(response.body.uncompletedCheckoutOrderId).toBeNull();
    expect(trips).toBe(1);

    const unpaid = await newMember(server, 'trips-unpaid');
    const before = server.database.queries.count;
    const theirs = await server.request('GET', '/api/Account/AuthInfo', { token: unpaid.token });
    expect(server.database.queries.count - before).toBe(1);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.identity.emailAddress).toBe(unpaid.email);
    expect(theirs.body.subscription).toBeNull();
    expect(theirs.body.uncompletedCheckoutOrderId).toBe(unpaid.orderId);
  });

  it('cart/GetItem is one statement, with a coupon on the cart too, and answers its lines and the coupon as ApplyCoupon did', async () => {
    const plain = await roundTrips(`/api/cart/GetItem?id=${cartId}`);
    expect(plain.response.status, plain.response.text).toBe(200);
    expect(plain.response.body.items.map((i: { productId: number }) => i.productId)).toEqual([productId]);
    expect(plain.trips).toBe(1);

    const applied = await server.request('POST', `/api/cart/ApplyCoupon?cartId=${cartId}&code=WELCOME10`, {
      token: member.token,
    });
    expect(applied.status, applied.text).toBe(200);
    const { response, trips } = await roundTrips(`/api/cart/GetItem?id=${cartId}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.couponCode).toBe('WELCOME10');
    expect(response.body.couponDiscount).toBeGreaterThan(0);
    expect(response.body.couponDiscount).toBe(applied.body.couponDiscount);
    expect(response.body).toEqual(applied.body);
    expect(trips).toBe(1);
  });

  it("cart/GetItem of another member's cart is 404 and of an unknown id too", async () => {
    const other = await newMember(server, 'trips-other');
    const theirs = await server.request('GET', `/api/cart/GetItem?id=${cartId}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBeTruthy();
    const unknown = await server.request('GET', '/api/cart/GetItem?id=00000000-0000-4000-8000-000000000000', {
      token: member.token,
    });
    expect(unknown.status).toBe(404);
  });

  it('counts every statement: a write that changes several rows is more than one', async () => {
    const before = server.database.queries.count;
    const added = await server.request(
      'POST',
      `/api/cart/addToCart?productId=${productId}&cartId=${cartId}`,
      {
        token: member.token,
      },
    );
    expect(added.status, added.text).toBe(200);
    expect(server.database.queries.count - before).toBeGreaterThan(1);
  });
});

describe('SQL round trips of addToCart', () => {
  it('an add to a named open cart is 4 statements: BEGIN, the locked cart with the product and its unlock, the line with the version and the lines, COMMIT', async () => {
    const shopper = await newMember(server, 'trips-add');
    await payOrder(server, shopper, shopper.orderId);
    const first = await server.request('POST', `/api/cart/addToCart?productId=${productId}&cartId=0`, {
      token: shopper.token,
    });
    expect(first.status, first.text).toBe(200);
    const before = server.database.queries.count;
    const added = await server.request(
      'POST',
      `/api/cart/addToCart?productId=${productId}&cartId=${first.body.id}`,
      { token: shopper.token },
    );
    const trips = server.database.queries.count - before;
    expect(added.status, added.text).toBe(200);
    expect(added.body.id).toBe(first.body.id);
    expect(added.body.version).toBe(first.body.version + 1);
    const line = added.body.items.find((i: { productId: number }) => i.productId === productId);
    expect(line.quantity).toBe(2);
    expect(trips).toBeLessThanOrEqual(4);

    // The lines the write answers are the cart's lines as a read gives them, in the same order:
    // a new line, then a raise of an older line.
    const others = await server.database.db.execute<{ product_id: number }>(sql`
      SELECT product_id FROM order_items WHERE order_id = ${shopper.orderId} AND product_id <> ${productId}
      ORDER BY product_id LIMIT 1`);
    const second = Number(others.rows[0]!.product_id);
    for (const id of [second, productId]) {
      const before = server.database.queries.count;
      const answer = await server.request(
        'POST',
        `/api/cart/addToCart?productId=${id}&cartId=${first.body.id}`,
        {
          token: shopper.token,
        },
      );
      expect(server.database.queries.count - before).toBeLessThanOrEqual(4);
      expect(answer.status, answer.text).toBe(200);
      const read = await server.request('GET', `/api/cart/GetItem?id=${first.body.id}`, {
        token: shopper.token,
      });
      expect(answer.body).toEqual(read.body);
    }
    const read = await server.request('GET', `/api/cart/GetItem?id=${first.body.id}`, {
      token: shopper.token,
    });
    expect(
      read.body.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity]),
    ).toEqual([
      [productId, 3],
      [second, 1],
    ]);

    // The one-statement lock still keeps other members out of the cart.
    const theirs = await server.request(
      'POST',
      `/api/cart/addToCart?productId=${productId}&cartId=${first.body.id}`,
      { token: member.token },
    );
    expect(theirs.status).toBe(404);
  });
});

describe('SQL round trips of product/GetItem', () => {
  it("a member's product page is 1 statement: unlocked for a product they paid for, locked for one they did not and for other members and visitors", async () => {
    const notPaid = await server.database.db.execute<{ id: number }>(sql`
      SELECT id FROM products
      WHERE is_active AND id NOT IN (SELECT product_id FROM order_items WHERE order_id = ${member.orderId})
      ORDER BY id LIMIT 1`);
    const lockedId = Number(notPaid.rows[0]!.id);
    // A member whose first box is not paid: its products stay locked.
    const other = await newMember(server, 'trips-page');
    const cases: [string, number, string | undefined, boolean][] = [
      ['paid for', productId, member.token, true],
      ['not paid for', lockedId, member.token, false],
      ["another member's", productId, other.token, false],
      ['a visitor', productId, undefined, false],
    ];
    const answers = new Map<string, Record<string, unknown>>();
    for (const [name, id, token, unlocked] of cases) {
      const before = server.database.queries.count;
      const response = await server.request('GET', `/api/product/GetItem?id=${id}`, { token });
      const trips = server.database.queries.count - before;
      expect(response.status, `${name}: ${response.text}`).toBe(200);
      expect(response.body.id, name).toBe(id);
      expect(response.body.unlocked, name).toBe(unlocked);
      expect(trips, name).toBe(1);
      answers.set(name, response.body);
    }
    // The same product reads alike for everyone but the unlock.
    expect({ ...answers.get('paid for'), unlocked: false }).toEqual(answers.get('a visitor'));

    const archived = await server.request('GET', '/api/product/GetItem?id=999999', { token: member.token });
    expect(archived.status).toBe(404);
  });
});
