import { randomUUID } from 'node:crypto';
import { CartMessages, CartSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { insertCoupon } from './cart.test-support.ts';
import { COUPON_EXPIRED, COUPON_INVALID, COUPON_LIMIT, COUPON_USED, redeemCoupon } from './coupon-rules.ts';
import { seedCoupons } from './coupons.seed.ts';

let server: TestServer;
const now = Date.parse('2027-03-10T15:00:00.000Z');
// A clock that moves a millisecond per reading, so lines added one after another keep their order
// (a clock standing still gives two lines the same created_at, and their order is then the ids').
let ticks = 0;
const clock = () => new Date(now + ticks++);

interface Shopper extends Member {
  /** Products of the paid first box: unlocked. */
  unlocked: number[];
}

let alice: Shopper;
let bob: Shopper;
/** A product in neither member's paid box. */
let lockedProduct: number;

async function paidMember(prefix: string): Promise<Shopper> {
  const member = await newMember(server, prefix);
  await payOrder(server, member, member.orderId);
  const rows = await server.database.db.execute<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${member.orderId} ORDER BY product_id`,
  );
  return { ...member, unlocked: rows.rows.map((r) => Number(r.product_id)) };
}

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  await seedCoupons(server.database.db);
  alice = await paidMember('alice');
  bob = await paidMember('bob');
  const taken = new Set([...alice.unlocked, ...bob.unlocked]);
  const all = await server.database.db.execute<{ id: number }>(sql`SELECT id FROM products ORDER BY id`);
  lockedProduct = all.rows.map((r) => Number(r.id)).find((id) => !taken.has(id))!;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const add = (who: Pick<Member, 'token'> | null, productId: number, cartId: string | number = 0) =>
  server.request(
    'POST',
    `/api/cart/addToCart?productId=${productId}&cartId=${encodeURIComponent(String(cartId))}`,
    {
      token: who?.token,
    },
  );
const getCart = (who: Pick<Member, 'token'> | null, id: string) =>
  server.request('GET', `/api/cart/GetItem?id=${encodeURIComponent(id)}`, { token: who?.token });
const saveItem = (who: Pick<Member, 'token'> | null, body: unknown) =>
  server.request('POST', '/api/cartItem/save', { token: who?.token, body });
const saveCart = (who: Pick<Member, 'token'> | null, body: unknown) =>
  server.request('POST', '/api/cart/save', { token: who?.token, body });
const deleteItem = (who: Pick<Member, 'token'> | null, id: string, version?: number) =>
  server.request(
    'DELETE',
    `/api/cartItem/Delete?id=${encodeURIComponent(id)}${version === undefined ? '' : `&version=${version}`}`,
    { token: who?.token },
  );
const applyCoupon = (who: Pick<Member, 'token'> | null, cartId: string, code: string) =>
  server.request(
    'POST',
    `/api/cart/ApplyCoupon?cartId=${encodeURIComponent(cartId)}&code=${encodeURIComponent(code)}`,
    { token: who?.token },
  );
const removeCoupon = (who: Pick<Member, 'token'> | null, cartId: string) =>
  server.request('POST', `/api/cart/RemoveCoupon?cartId=${encodeURIComponent(cartId)}`, {
    token: who?.token,
  });

function cartOf(res: TestResponse) {
  expect(res.status, res.text).toBe(200);
  return CartSchema.parse(res.body);
}

async function productPrices(id: number) {
  const result = await server.database.db.execute<{ list_price_cents: number; discount_percent: number }>(
    sql`SELECT list_price_cents, discount_percent FROM products WHERE id = ${id}`,
  );
  const row = result.rows[0]!;
  const list = Number(row.list_price_cents);
  return { list, member: Math.round((list * (100 - Number(row.discount_percent))) / 100) };
}

/** A fresh cart of `who` with one tub of each product (their open cart is checked out first). */
async function freshCart(who: Shopper, productIds = [who.unlocked[0]!]) {
  await server.database.db.execute(
    sql`UPDATE carts SET status = 'ordered' WHERE identity_id = (SELECT identity_id FROM orders WHERE id = ${who.orderId})`,
  );
  let cart = cartOf(await add(who, productIds[0]!));
  for (const id of productIds.slice(1)) cart = cartOf(await add(who, id, cart.id));
  return cart;
}

async function tableChecksum() {
  const result = await server.database.db.execute<{ c: string }>(sql`
    SELECT md5(coalesce(string_agg(x, ',' ORDER BY x), '')) AS c FROM (
      SELECT id::text || status || coalesce(coupon_id::text, '') || version::text AS x FROM carts
      UNION ALL SELECT id::text || quantity::text FROM cart_items) t`);
  return result.rows[0]!.c;
}

describe('POST /api/cart/addToCart', () => {
  it('O1: a retried add with the same Idempotency-Key answers the first add instead of adding again', async () => {
    const carol = await paidMember('carol');
    const productId = carol.unlocked[0]!;
    const withKey = (key: string, product = productId) =>
      server.request('POST', `/api/cart/addToCart?productId=${product}&cartId=0`, {
        token: carol.token,
        headers: { 'Idempotency-Key': key },
      });
    const first = await withKey('add-1');
    expect(first.status).toBe(200);
    const retried = await withKey('add-1');
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);
    const stored = await getCart(carol, first.body.id);
    expect(stored.body.items).toHaveLength(1);
    expect(stored.body.items[0].quantity).toBe(1);

    // A new key is a new add; the old key with another product is refused.
    expect(cartOf(await withKey('add-2')).items[0]!.quantity).toBe(2);
    const mismatch = await withKey('add-1', carol.unlocked[1]!);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('idempotency_mismatch');
    // The words are about the cart, not a payment.
    expect(mismatch.body.error_description).toContain('new change');
    expect(mismatch.body.error_description).not.toContain('payment');
    expect((await withKey('x'.repeat(300))).status).toBe(400);

    // A key whose first add is still at work (its lock is fresh and it has no answer yet).
    const at = clock().toISOString();
    await server.database.db.execute(sql`
      INSERT INTO idempotency_keys (id, identity_id, idempotency_key, route, request_hash, locked_at, created_at, expires_at)
      SELECT gen_random_uuid(), identity_id, 'add-busy', route, request_hash, ${at}::timestamptz,
             ${at}::timestamptz, ${at}::timestamptz + interval '1 day'
      FROM idempotency_keys WHERE idempotency_key = 'add-2'`);
    const busy = await withKey('add-busy');
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('in_progress');
    expect(busy.body.error_description).toContain('change to your cart is already being made');
  }, 60_000);

  it('creates a cart with one tub at the member price, then reuses it and raises the quantity', async () => {
    const productId = alice.unlocked[0]!;
    const first = cartOf(await add(alice, productId));
    const prices = await productPrices(productId);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ productId, quantity: 1, totalPrice: prices.member / 100 });
    expect(first.items[0]!.undiscountedTotalPrice).toBe(prices.list / 100);
    expect(first.items[0]!.title).not.toBe('');
    expect(first.items[0]!.imageModel.originalPath).toMatch(/\//);
    expect(first.cartItemsCount).toBe(1);
    expect(first.subTotal).toBe(prices.member / 100);
    expect(first.youSaved).toBe((prices.list - prices.member) / 100);
    expect(first.taxAmount).toBe(0);

    // cartId 0 again: the member's open cart is reused, not a second one.
    const again = cartOf(await add(alice, productId, 0));
    expect(again.id).toBe(first.id);
    expect(again.items).toHaveLength(1);
    expect(again.items[0]!.quantity).toBe(2);
    expect(again.version).toBeGreaterThan(first.version);

    const second = cartOf(await add(alice, alice.unlocked[1]!, first.id));
    expect(second.items.map((i) => i.productId)).toEqual([productId, alice.unlocked[1]]);
    expect(second.cartItemsCount).toBe(3);
    const read = cartOf(await getCart(alice, first.id));
    expect(read).toEqual(second);
  });

  it('two first adds at the same moment make one open cart', async () => {
    await server.database.db.execute(
      sql`UPDATE carts SET status = 'ordered' WHERE identity_id = (SELECT identity_id FROM orders WHERE id = ${bob.orderId})`,
    );
    const [a, b] = await Promise.all([add(bob, bob.unlocked[0]!), add(bob, bob.unlocked[1]!)]);
    expect(cartOf(a).id).toBe(cartOf(b).id);
    const open = cartOf(await server.request('GET', '/api/cart/GetOpenCart', { token: bob.token }));
    expect(open.items).toHaveLength(2);
  });

  it('adds at the same moment to the same line each count (none is lost)', async () => {
    const cart = await freshCart(alice);
    const productId = cart.items[0]!.productId;
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(alice, productId, cart.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const read = cartOf(await getCart(alice, cart.id));
    expect(read.items[0]!.quantity).toBe(cart.items[0]!.quantity + 8);
    expect(read.version).toBe(cart.version + 8);
    // Each answer is the cart as its own add left it: eight different quantities.
    expect(new Set(answers.map((a) => cartOf(a).items[0]!.quantity)).size).toBe(8);
  });

  it('adds at the same moment stop at the tub stock: the rest are refused and roll back', async () => {
    const cart = await freshCart(alice);
    const productId = cart.items[0]!.productId;
    await server.database.db.execute(sql`UPDATE products SET tub_stock = 3 WHERE id = ${productId}`);
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => add(alice, productId, cart.id)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 400, 400, 400]);
      for (const refused of answers.filter((a) => a.status === 400)) {
        expect(refused.body.error_description).toBe('Only 3 tubs of this product are in stock.');
      }
      const read = cartOf(await getCart(alice, cart.id));
      expect(read.items[0]!.quantity).toBe(3);
      expect(read.version).toBe(cart.version + 2);
    } finally {
      await server.database.db.execute(sql`UPDATE products SET tub_stock = 50 WHERE id = ${productId}`);
    }
  });

  it('refuses a locked product with 403 and a reason, and adds nothing', async () => {
    const cart = await freshCart(alice);
    const res = await add(alice, lockedProduct, cart.id);
    expect(res.status).toBe(403);
    expect(res.body.error_description).toBe(CartMessages.locked);
    expect(cartOf(await getCart(alice, cart.id)).items).toHaveLength(1);
  });

  it('refuses an archived product and one out of tub stock with 400; an unknown product is 404', async () => {
    const db = server.database.db;
    const [archived, empty] = [alice.unlocked[0]!, alice.unlocked[1]!];
    const stock = await db.execute<{ tub_stock: number }>(
      sql`SELECT tub_stock FROM products WHERE id = ${empty}`,
    );
    const emptyStock = Number(stock.rows[0]!.tub_stock);
    await db.execute(sql`UPDATE products SET is_active = false WHERE id = ${archived}`);
    await db.execute(sql`UPDATE products SET tub_stock = 0 WHERE id = ${empty}`);
    try {
      const a = await add(alice, archived);
      expect(a.status).toBe(400);
      expect(a.body.error_description).toBe(CartMessages.archived);
      const b = await add(alice, empty);
      expect(b.status).toBe(400);
      expect(b.body.error_description).toBe(CartMessages.outOfStock);
      expect((await add(alice, 999_999)).status).toBe(404);
    } finally {
      await db.execute(sql`UPDATE products SET is_active = true WHERE id = ${archived}`);
      await db.execute(sql`UPDATE products SET tub_stock = ${emptyStock} WHERE id = ${empty}`);
    }
  });

  it('a checked-out cart is not added to: a fresh open cart is started', async () => {
    const cart = await freshCart(alice);
    await server.database.db.execute(sql`UPDATE carts SET status = 'ordered' WHERE id = ${cart.id}`);
    const next = cartOf(await add(alice, alice.unlocked[0]!, cart.id));
    expect(next.id).not.toBe(cart.id);
    expect(cartOf(await getCart(alice, cart.id)).items[0]!.quantity).toBe(1);
  });

  it('F2: refuses a product id that is not a positive integer', async () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '1e12']) {
      const res = await server.request('POST', `/api/cart/addToCart?productId=${bad}&cartId=0`, {
        token: alice.token,
      });
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('B1: a cart belongs to its member', () => {
  it('another member, an anonymous caller and random ids get 404/401 and change nothing', async () => {
    const cart = await freshCart(alice, [alice.unlocked[0]!, alice.unlocked[1]!]);
    const itemId = cart.items[0]!.id;
    const before = await tableChecksum();
    const attempts: [string, () => Promise<TestResponse>][] = [
      ['GetItem', () => getCart(bob, cart.id)],
      ['addToCart', () => add(bob, bob.unlocked[0]!, cart.id)],
      ['cartItem/save', () => saveItem(bob, { id: itemId, quantity: 5, version: cart.version })],
      [
        'cart/save',
        () => saveCart(bob, { id: cart.id, version: cart.version, items: [{ id: itemId, quantity: 5 }] }),
      ],
      ['Delete', () => deleteItem(bob, itemId)],
      ['ApplyCoupon', () => applyCoupon(bob, cart.id, 'WELCOME10')],
      ['RemoveCoupon', () => removeCoupon(bob, cart.id)],
    ];
    const missing = await getCart(bob, randomUUID());
    expect(missing.status).toBe(404);
    for (const [name, call] of attempts) {
      const res = await call();
      expect(res.status, name).toBe(404);
      expect(res.body.error_description, name).toMatch(/was not found/);
    }
    for (const id of [randomUUID(), 'not-a-uuid', '12345', "1' OR '1'='1"]) {
      expect((await getCart(alice, id)).status, id).toBe(404);
      expect((await deleteItem(alice, id)).status, id).toBe(404);
      expect((await saveItem(alice, { id, quantity: 2, version: 1 })).status, id).toBe(404);
      expect((await applyCoupon(alice, id, 'WELCOME10')).status, id).toBe(404);
    }
    const anonymous = [
      await getCart(null, cart.id),
      await add(null, alice.unlocked[0]!, cart.id),
      await saveItem(null, { id: itemId, quantity: 5, version: cart.version }),
      await deleteItem(null, itemId),
      await applyCoupon(null, cart.id, 'WELCOME10'),
      await removeCoupon(null, cart.id),
      await server.request('GET', '/api/cart/GetOpenCart'),
    ];
    for (const res of anonymous) expect(res.status).toBe(401);
    expect(await tableChecksum()).toBe(before);
  });
});

describe('POST /api/cartItem/save, POST /api/cart/save, DELETE /api/cartItem/Delete', () => {
  it('sets a quantity and prices it on the server; B3: totalPrice and other money in the body are ignored', async () => {
    const cart = await freshCart(alice);
    const item = cart.items[0]!;
    const prices = await productPrices(item.productId);
    const saved = cartOf(
      await saveItem(alice, {
        ...item,
        quantity: 3,
        version: cart.version,
        totalPrice: 0.01,
        undiscountedTotalPrice: 0.01,
        unitPrice: 0,
        productId: lockedProduct,
      }),
    );
    expect(saved.items[0]).toMatchObject({
      productId: item.productId,
      quantity: 3,
      totalPrice: (3 * prices.member) / 100,
    });
    expect(saved.subTotal).toBe((3 * prices.member) / 100);

    const viaCart = cartOf(
      await saveCart(alice, {
        id: cart.id,
        version: saved.version,
        items: [{ id: item.id, quantity: 2, totalPrice: 0 }],
        subTotal: 0,
        totalPrice: 0,
        youSaved: 999,
        couponId: randomUUID(),
        status: 'ordered',
      }),
    );
    expect(viaCart.items[0]!.quantity).toBe(2);
    expect(viaCart.totalPrice).toBe((2 * prices.member) / 100);
    expect(viaCart.couponId).toBeNull();
    expect(viaCart.status).toBe('open');
  });

  it('F2: quantity 0, -1, 1.5, 100 and 1e9 are refused with 400 and change nothing', async () => {
    const cart = await freshCart(alice);
    const item = cart.items[0]!;
    for (const quantity of [0, -1, 1.5, 100, 1e9, '2', null]) {
      const res = await saveItem(alice, { id: item.id, quantity, version: cart.version });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.body.error_description).toBeTruthy();
      const viaCart = await saveCart(alice, {
        id: cart.id,
        version: cart.version,
        items: [{ id: item.id, quantity }],
      });
      expect(viaCart.status, String(quantity)).toBe(400);
    }
    expect(cartOf(await getCart(alice, cart.id))).toEqual(cart);
  });

  it('a quantity above the tub stock is refused', async () => {
    const cart = await freshCart(alice);
    const item = cart.items[0]!;
    await server.database.db.execute(sql`UPDATE products SET tub_stock = 2 WHERE id = ${item.productId}`);
    try {
      const res = await saveItem(alice, { id: item.id, quantity: 3, version: cart.version });
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBe('Only 2 tubs of this product are in stock.');
    } finally {
      await server.database.db.execute(sql`UPDATE products SET tub_stock = 50 WHERE id = ${item.productId}`);
    }
  });

  it('E7: a second tab with a stale version gets 409 asking to reload, and nothing is lost', async () => {
    const cart = await freshCart(alice, [alice.unlocked[0]!, alice.unlocked[1]!]);
    const [first, second] = cart.items;
    const tabA = cartOf(await saveItem(alice, { id: first!.id, quantity: 4, version: cart.version }));
    const tabB = await saveItem(alice, { id: second!.id, quantity: 7, version: cart.version });
    expect(tabB.status).toBe(409);
    expect(tabB.body.error_description).toBe(CartMessages.stale);
    const staleCart = await saveCart(alice, {
      id: cart.id,
      version: cart.version,
      items: [{ id: first!.id, quantity: 1 }],
    });
    expect(staleCart.status).toBe(409);
    const staleDelete = await deleteItem(alice, first!.id, cart.version);
    expect(staleDelete.status).toBe(409);
    const reread = cartOf(await getCart(alice, cart.id));
    expect(reread).toEqual(tabA);
    expect(reread.items.map((i) => i.quantity)).toEqual([4, 1]);
    // After the re-read the second tab's change goes through.
    const retried = cartOf(await saveItem(alice, { id: second!.id, quantity: 7, version: reread.version }));
    expect(retried.items.map((i) => i.quantity)).toEqual([4, 7]);
  });

  it('E7: two saves of the same version at once: one wins, the other gets 409', async () => {
    const cart = await freshCart(alice);
    const item = cart.items[0]!;
    const results = await Promise.all([
      saveItem(alice, { id: item.id, quantity: 5, version: cart.version }),
      saveItem(alice, { id: item.id, quantity: 6, version: cart.version }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(cartOf(await getCart(alice, cart.id)).items[0]!.quantity).toBe(winner.body.items[0].quantity);
  });

  it('without a version, cartItem/save and cart/save apply to the current cart (the answer echoed back works)', async () => {
    const cart = await freshCart(alice, [alice.unlocked[0]!, alice.unlocked[1]!]);
    const [first, second] = cart.items;
    const one = cartOf(await saveItem(alice, { id: first!.id, quantity: 3 }));
    expect(one.items.find((i) => i.id === first!.id)!.quantity).toBe(3);
    expect(one.version).toBeGreaterThan(cart.version);
    // The cart as GetItem answered it, sent back whole without its version, with one change.
    const { version: _ignored, ...echoed } = one;
    const both = cartOf(
      await saveCart(alice, {
        ...echoed,
        items: one.items.map((i) => ({ ...i, quantity: i.id === second!.id ? 4 : i.quantity })),
      }),
    );
    expect(both.items.map((i) => i.quantity)).toEqual([3, 4]);
    // A version that is sent is still checked.
    const stale = await saveCart(alice, { id: cart.id, version: cart.version, items: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.error_description).toBeTruthy();
  });

  it('deletes an item and answers the cart without it', async () => {
    const cart = await freshCart(alice, [alice.unlocked[0]!, alice.unlocked[1]!]);
    const after = cartOf(await deleteItem(alice, cart.items[0]!.id, cart.version));
    expect(after.items.map((i) => i.id)).toEqual([cart.items[1]!.id]);
    expect(after.cartItemsCount).toBe(1);
    expect((await deleteItem(alice, cart.items[0]!.id)).status).toBe(404);
    const empty = cartOf(await deleteItem(alice, cart.items[1]!.id));
    expect(empty.items).toEqual([]);
    expect(empty.subTotal).toBe(0);
    expect(empty.totalPrice).toBe(0);
  });

  it('a cart at checkout or ordered cannot be changed (409)', async () => {
    const cart = await freshCart(alice);
    await server.database.db.execute(sql`UPDATE carts SET status = 'checking_out' WHERE id = ${cart.id}`);
    const item = cart.items[0]!;
    expect((await saveItem(alice, { id: item.id, quantity: 2, version: cart.version })).status).toBe(409);
    expect((await deleteItem(alice, item.id)).status).toBe(409);
    const coupon = await applyCoupon(alice, cart.id, 'WELCOME10');
    expect(coupon.status).toBe(409);
    expect(coupon.body.error_description).toBe(CartMessages.notEditable);
    expect(cartOf(await getCart(alice, cart.id)).status).toBe('checking_out');
  });
});

describe('POST /api/cart/ApplyCoupon and RemoveCoupon', () => {
  it('WELCOME10 takes 10% off the member subtotal; the code is trimmed and upper-cased; RemoveCoupon takes it off', async () => {
    const cart = await freshCart(alice, [alice.unlocked[0]!, alice.unlocked[1]!]);
    const subtotalCents = Math.round(cart.subTotal * 100);
    const applied = cartOf(await applyCoupon(alice, cart.id, '  welcome10 '));
    expect(applied.couponCode).toBe('WELCOME10');
    expect(applied.couponId).not.toBeNull();
    expect(applied.couponLabel).toBe('10% off your cart');
    expect(applied.couponDiscount).toBe(Math.round(subtotalCents / 10) / 100);
    expect(applied.totalPrice).toBe((subtotalCents - Math.round(subtotalCents / 10)) / 100);
    expect(applied.youSaved).toBe(
      (Math.round(cart.undiscountedSubTotal * 100) - subtotalCents + Math.round(subtotalCents / 10)) / 100,
    );
    const removed = cartOf(await removeCoupon(alice, cart.id));
    expect(removed.couponId).toBeNull();
    expect(removed.couponDiscount).toBe(0);
    expect(removed.totalPrice).toBe(cart.totalPrice);
  });

  it('TUB5 takes $5 off; a second coupon replaces the first', async () => {
    const cart = await freshCart(alice);
    cartOf(await applyCoupon(alice, cart.id, 'WELCOME10'));
    const applied = cartOf(await applyCoupon(alice, cart.id, 'tub5'));
    expect(applied.couponCode).toBe('TUB5');
    expect(applied.couponLabel).toBe('$5.00 off your cart');
    expect(applied.couponDiscount).toBe(5);
    expect(applied.totalPrice).toBe(Math.round(cart.subTotal * 100 - 500) / 100);
  });

  it('E7: the same coupon applied 3 times at once is one adjustment', async () => {
    const cart = await freshCart(alice);
    const results = await Promise.all([1, 2, 3].map(() => applyCoupon(alice, cart.id, 'WELCOME10')));
    const carts = results.map(cartOf);
    const subtotalCents = Math.round(cart.subTotal * 100);
    for (const c of carts) expect(c.couponDiscount).toBe(Math.round(subtotalCents / 10) / 100);
    const read = cartOf(await getCart(alice, cart.id));
    expect(read.couponDiscount).toBe(Math.round(subtotalCents / 10) / 100);
    expect(read.version).toBe(cart.version + 1);
  });

  it('refuses unknown, expired, not yet started, used, exhausted and other members’ coupons with 400 and a reason', async () => {
    const db = server.database.db;
    const cart = await freshCart(alice);
    const hour = 3_600_000;
    const aliceId = String(
      (
        await db.execute<{ identity_id: string }>(
          sql`SELECT identity_id FROM orders WHERE id = ${alice.orderId}`,
        )
      ).rows[0]!.identity_id,
    );
    const bobId = String(
      (
        await db.execute<{ identity_id: string }>(
          sql`SELECT identity_id FROM orders WHERE id = ${bob.orderId}`,
        )
      ).rows[0]!.identity_id,
    );
    await insertCoupon(db, { code: 'R-EXPIRED', expiresAt: new Date(now - hour) });
    await insertCoupon(db, { code: 'R-LATER', startsAt: new Date(now + hour) });
    const used = await insertCoupon(db, { code: 'R-USED' });
    await redeemCoupon(db, used.id, aliceId, alice.orderId, 100);
    const full = await insertCoupon(db, { code: 'R-FULL', maxRedemptions: 1 });
    await redeemCoupon(db, full.id, bobId, bob.orderId, 100);
    await insertCoupon(db, { code: 'R-BOBS', kind: 'free_tub', percentOff: null, identityId: bobId });
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', COUPON_INVALID],
      ['r-expired', COUPON_EXPIRED],
      ['R-LATER', COUPON_INVALID],
      ['R-USED', COUPON_USED],
      ['R-FULL', COUPON_LIMIT],
      ['R-BOBS', COUPON_INVALID],
    ];
    for (const [code, message] of cases) {
      const res = await applyCoupon(alice, cart.id, code);
      expect(res.status, code).toBe(400);
      expect(res.body.error_description, code).toBe(message);
    }
    expect(cartOf(await getCart(alice, cart.id)).couponId).toBeNull();
    // Bob's own free-tub coupon works for Bob: one tub of his most expensive line.
    const bobCart = cartOf(await server.request('GET', '/api/cart/GetOpenCart', { token: bob.token }));
    const bobs = cartOf(await applyCoupon(bob, bobCart.id, 'r-bobs'));
    expect(bobs.couponLabel).toBe('One free tub');
    expect(bobs.couponDiscount).toBe(Math.max(...bobCart.items.map((i) => i.unitPrice)));
  });

  it('F2: an empty or 33-character code is refused with 400 before any lookup', async () => {
    const cart = await freshCart(alice);
    for (const code of ['', '   ', 'A'.repeat(33)]) {
      const res = await applyCoupon(alice, cart.id, code);
      expect(res.status, JSON.stringify(code)).toBe(400);
      expect(res.body.error_description).toBeTruthy();
    }
    const missing = await server.request('POST', `/api/cart/ApplyCoupon?cartId=${cart.id}`, {
      token: alice.token,
    });
    expect(missing.status).toBe(400);
  });

  it('a coupon that expires while on the cart takes nothing off and says why', async () => {
    const db = server.database.db;
    const cart = await freshCart(alice);
    const coupon = await insertCoupon(db, { code: 'R-SOON-GONE', expiresAt: new Date(now + 60_000) });
    cartOf(await applyCoupon(alice, cart.id, coupon.code));
    await db.execute(
      sql`UPDATE coupons SET expires_at = ${new Date(now - 1000).toISOString()} WHERE id = ${coupon.id}`,
    );
    const read = cartOf(await getCart(alice, cart.id));
    expect(read.couponCode).toBe('R-SOON-GONE');
    expect(read.couponLabel).toBe(COUPON_EXPIRED);
    expect(read.couponDiscount).toBe(0);
    expect(read.totalPrice).toBe(read.subTotal);
  });
});
