import { randomUUID } from 'node:crypto';
import { CartCheckoutQuoteSchema, CheckoutPaymentResultSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../http/auth.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { insertCoupon } from '../cart/cart.test-support.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { memberPriceCents } from '../catalog/catalog.service.ts';
import { mailCount, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { computeStateTaxCents } from '../tax/tax.service.ts';
import { HOLD_MS } from './cart-checkout.service.ts';
import {
  cartStatus,
  chargedCentsOfCart,
  chargesOfCart,
  checkoutCart,
  newCart,
  newShopper,
  productsInStock,
  SHIPPING_CA,
  type Shopper,
  scalar,
  setStock,
  stockOf,
} from './cart-checkout.test-support.ts';

let now = Date.parse('2027-03-10T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let catalog: { id: number; listPriceCents: number; discountPercent: number }[];

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  catalog = await productsInStock(server, 12);
});
afterAll(async () => {
  await server?.close();
});

const HANDLING = 299;

/** The charge as the catalog says it must be: Σ member prices − coupon + handling + tax (docs/reliability.md#c4). */
function expectedTotal(
  lines: { productId: number; quantity: number }[],
  coupon: { percentOff?: number; amountOffCents?: number } | null,
  state: string,
) {
  const subtotal = lines.reduce((sum, l) => {
    const p = catalog.find((c) => c.id === l.productId)!;
    return sum + memberPriceCents(p.listPriceCents, p.discountPercent) * l.quantity;
  }, 0);
  let discount = 0;
  if (coupon?.percentOff) discount = Math.round((subtotal * coupon.percentOff) / 100);
  if (coupon?.amountOffCents) discount = coupon.amountOffCents;
  discount = Math.min(discount, subtotal);
  const taxable = subtotal - discount + HANDLING;
  const tax = computeStateTaxCents(taxable, state);
  return { subtotal, discount, tax, total: taxable + tax };
}

const quote = (shopper: Shopper, cartId: string, state?: string) =>
  server.request(
    'GET',
    `/api/cart/CheckoutQuote?cartId=${cartId}${state ? `&state=${encodeURIComponent(state)}` : ''}`,
    { token: shopper.token },
  );

const redemptionsOf = (couponId: string) =>
  scalar(server, sql`SELECT redemptions AS n FROM coupons WHERE id = ${couponId}`);

describe('POST /api/Payment/CreateCheckoutPayment', () => {
  it('freezes the cart at catalog prices with the coupon, handling and tax, charges once, holds become sales, mails one receipt', async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const [a, b] = [catalog[0]!, catalog[1]!];
    const coupon = await insertCoupon(server.database.db, {
      code: `TEN${randomUUID().slice(0, 6).toUpperCase()}`,
    });
    const lines = [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ];
    const cartId = await newCart(server, shopper, lines, coupon.id);
    const stockA = await stockOf(server, a.id);

    const res = await checkoutCart(server, shopper, cartId);
    expect(res.status).toBe(200);
    const body = CheckoutPaymentResultSchema.parse(res.body);
    expect(body.status).toBe('succeeded');
    const want = expectedTotal(lines, { percentOff: 10 }, 'CA');
    expect(Math.round(body.total * 100)).toBe(want.total);
    expect(await chargedCentsOfCart(server, cartId)).toBe(want.total);
    expect(await chargesOfCart(server, cartId)).toBe(1);

    const order = (
      await server.database.db.execute<Record<string, unknown>>(
        sql`SELECT * FROM orders WHERE id = ${body.orderId}`,
      )
    ).rows[0]!;
    expect(order).toMatchObject({
      kind: 'cart',
      status: 'paid',
      price_cents: want.subtotal,
      discount_cents: want.discount,
      handling_fee_cents: HANDLING,
      tax_cents: want.tax,
      total_cents: want.total,
      coupon_id: coupon.id,
      cart_id: cartId,
    });
    const items = await server.database.db.execute<{
      product_id: number;
      quantity: number;
      list_price_cents: number;
    }>(
      sql`SELECT product_id, quantity, list_price_cents FROM order_items WHERE order_id = ${body.orderId} ORDER BY product_id`,
    );
    expect(
      items.rows.map((r) => [Number(r.product_id), Number(r.quantity), Number(r.list_price_cents)]),
    ).toEqual([
      [a.id, 2, a.listPriceCents],
      [b.id, 1, b.listPriceCents],
    ]);
    expect(await cartStatus(server, cartId)).toBe('ordered');
    expect(await stockOf(server, a.id)).toBe(stockA - 2);
    expect(
      await scalar(
        server,
        sql`SELECT count(*)::int AS n FROM stock_reservations WHERE order_id = ${body.orderId} AND status = 'consumed'`,
      ),
    ).toBe(2);
    expect(await redemptionsOf(coupon.id)).toBe(1);
    expect(await mailCount(server, shopper.email, 'cart-receipt')).toBe(1);
    const mail = await server.database.db.execute<{ text: string }>(
      sql`SELECT text FROM emails WHERE to_address = ${shopper.email} AND kind = 'cart-receipt'`,
    );
    const text = mail.rows[0]!.text;
    expect(text).toContain('x2');
    expect(text).toContain(`-$${(want.discount / 100).toFixed(2)}`);
    expect(text).toMatch(/^Handling fee +\$2\.99$/m);
    expect(text).toMatch(new RegExp(`^Total \\(USD\\) +\\$${(want.total / 100).toFixed(2)}$`, 'm'));

    // Confirming the ordered cart again answers the same order: no second charge, no second mail.
    const again = await checkoutCart(server, shopper, cartId);
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(body.orderId);
    expect(await chargesOfCart(server, cartId)).toBe(1);
    expect(await mailCount(server, shopper.email, 'cart-receipt')).toBe(1);
  });

  it('C4: client-sent prices and totals are ignored; the quote equals the charge', async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const lines = [{ productId: catalog[2]!.id, quantity: 3 }];
    const cartId = await newCart(server, shopper, lines);
    const q = await quote(shopper, cartId, 'ny');
    expect(q.status).toBe(200);
    const quoted = CartCheckoutQuoteSchema.parse(q.body);
    const want = expectedTotal(lines, null, 'NY');
    expect(quoted).toMatchObject({ state: 'NY', handlingFee: 2.99, discount: 0 });
    expect(Math.round(quoted.total * 100)).toBe(want.total);
    expect((await quote(shopper, cartId)).body.taxAmount).toBeNull();

    const res = await checkoutCart(server, shopper, cartId, {
      body: {
        ...SHIPPING_CA,
        shippingAddress: { ...SHIPPING_CA.shippingAddress, state: 'NY' },
        total: 0.5,
        price: 0,
      },
    });
    expect(res.status).toBe(200);
    expect(await chargedCentsOfCart(server, cartId)).toBe(want.total);
  });

  it('C1: ten concurrent submits with one Idempotency-Key charge once; the others replay it or wait (409)', async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const cartId = await newCart(server, shopper, [{ productId: catalog[3]!.id, quantity: 1 }]);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => checkoutCart(server, shopper, cartId, { key })),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(
      answers.every((r) => r.status === 200 || (r.status === 409 && r.body.code === 'in_progress')),
    ).toBe(true);
    expect(new Set(ok.map((r) => r.body.orderId)).size).toBe(1);
    expect(await chargesOfCart(server, cartId)).toBe(1);
    expect(await scalar(server, sql`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${cartId}`)).toBe(
      1,
    );
    // A late retry with the key replays the answer.
    const replay = await checkoutCart(server, shopper, cartId, { key });
    expect(replay.status).toBe(200);
    expect(replay.body.orderId).toBe(ok[0]!.body.orderId);
  });

  it('C3: two tabs (no key, or different keys) confirming at once give one order and one charge', async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const product = catalog[4]!;
    const cartId = await newCart(server, shopper, [{ productId: product.id, quantity: 2 }]);
    const before = await stockOf(server, product.id);
    const answers = await Promise.all([
      checkoutCart(server, shopper, cartId),
      checkoutCart(server, shopper, cartId, { key: randomUUID() }),
      checkoutCart(server, shopper, cartId, { key: randomUUID() }),
    ]);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    expect(await chargesOfCart(server, cartId)).toBe(1);
    expect(await stockOf(server, product.id)).toBe(before - 2);
    expect(await cartStatus(server, cartId)).toBe('ordered');
  });

  it('C5: a declined card keeps the cart, gives the tubs and the coupon back; the edited cart then pays once with a good card', async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const product = catalog[5]!;
    const coupon = await insertCoupon(server.database.db, {
      code: `FIVE${randomUUID().slice(0, 6).toUpperCase()}`,
      kind: 'fixed',
      percentOff: null,
      amountOffCents: 500,
      maxRedemptions: 1,
    });
    const cartId = await newCart(server, shopper, [{ productId: product.id, quantity: 1 }], coupon.id);
    const before = await stockOf(server, product.id);

    const declined = await checkoutCart(server, shopper, cartId, {
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(declined.status).toBe(400);
    expect(declined.body.code).toBe('payment_declined');
    expect(declined.body.error_description).toMatch(/declined/i);
    expect(await cartStatus(server, cartId)).toBe('open');
    expect(await stockOf(server, product.id)).toBe(before);
    expect(await redemptionsOf(coupon.id)).toBe(0);
    expect(await chargesOfCart(server, cartId)).toBe(0);

    // Still editable: the member changes the quantity, then retries.
    await server.database.db.execute(sql`UPDATE cart_items SET quantity = 2 WHERE cart_id = ${cartId}`);
    const paid = await checkoutCart(server, shopper, cartId, { paymentMethodId: 'pm_card_visa' });
    expect(paid.status).toBe(200);
    const want = expectedTotal([{ productId: product.id, quantity: 2 }], { amountOffCents: 500 }, 'CA');
    expect(Math.round(paid.body.total * 100)).toBe(want.total);
    expect(await chargesOfCart(server, cartId)).toBe(1);
    expect(await chargedCentsOfCart(server, cartId)).toBe(want.total);
    expect(await stockOf(server, product.id)).toBe(before - 2);
    expect(await redemptionsOf(coupon.id)).toBe(1);
    expect(await scalar(server, sql`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${cartId}`)).toBe(
      1,
    );
  });

  it('pays with the saved default card (its provider id), as the page does', async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const first = await newCart(server, shopper, [{ productId: catalog[6]!.id, quantity: 1 }]);
    expect((await checkoutCart(server, shopper, first)).status).toBe(200);
    const card = await server.request('GET', '/api/PaymentMethod/GetDefaultPaymentMethod', {
      token: shopper.token,
    });
    expect(card.status).toBe(200);
    expect(card.body.last4Digits).toBe('4242');
    const second = await newCart(server, shopper, [{ productId: catalog[7]!.id, quantity: 1 }]);
    const res = await checkoutCart(server, shopper, second, { paymentMethodId: card.body.stripeMethodId });
    expect(res.status).toBe(200);
    expect(await chargesOfCart(server, second)).toBe(1);
  });

  it('E6: 20 concurrent checkouts for the last 3 tubs: exactly 3 are charged, the rest get 409 insufficient_inventory before any charge', async () => {
    const product = catalog[8]!;
    await setStock(server, product.id, 3);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newShopper(server, 'e6', clock)));
    const carts = await Promise.all(
      shoppers.map((s) => newCart(server, s, [{ productId: product.id, quantity: 1 }])),
    );
    const answers = await Promise.all(shoppers.map((s, i) => checkoutCart(server, s, carts[i]!)));
    const won = answers.filter((r) => r.status === 200);
    const lost = answers.filter((r) => r.status === 409);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(17);
    expect(lost.every((r) => r.body.code === 'insufficient_inventory')).toBe(true);
    expect(await stockOf(server, product.id)).toBe(0);
    let charges = 0;
    for (const cartId of carts) charges += await chargesOfCart(server, cartId);
    expect(charges).toBe(3);
    // The losers' carts are untouched and still open.
    const losers = carts.filter((_, i) => answers[i]!.status === 409);
    for (const cartId of losers) expect(await cartStatus(server, cartId)).toBe('open');
  });

  it('E7: a single-use coupon redeemed by 2 concurrent checkouts: one wins, the other gets a clear 4xx and no charge', async () => {
    const coupon = await insertCoupon(server.database.db, {
      code: `ONCE${randomUUID().slice(0, 6).toUpperCase()}`,
      maxRedemptions: 1,
    });
    const [s1, s2] = await Promise.all([
      newShopper(server, 'shopper', clock),
      newShopper(server, 'shopper', clock),
    ]);
    const c1 = await newCart(server, s1, [{ productId: catalog[9]!.id, quantity: 1 }], coupon.id);
    const c2 = await newCart(server, s2, [{ productId: catalog[9]!.id, quantity: 1 }], coupon.id);
    const [r1, r2] = await Promise.all([checkoutCart(server, s1, c1), checkoutCart(server, s2, c2)]);
    const statuses = [r1.status, r2.status].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const loser = r1.status === 200 ? r2 : r1;
    expect(loser.body.error_description).toMatch(/coupon/i);
    expect(await redemptionsOf(coupon.id)).toBe(1);
    expect((await chargesOfCart(server, c1)) + (await chargesOfCart(server, c2))).toBe(1);
  });

  it("B1: another member's cart, a made-up id and a random string are 404; anonymous is 401; nothing changes", async () => {
    const owner = await newShopper(server, 'shopper', clock);
    const other = await newShopper(server, 'shopper', clock);
    const cartId = await newCart(server, owner, [{ productId: catalog[10]!.id, quantity: 1 }]);
    const before = await stockOf(server, catalog[10]!.id);
    for (const id of [cartId, randomUUID(), 'not-a-cart', '42']) {
      const res = await checkoutCart(server, other, id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect((await quote(other, id, 'CA')).status).toBe(404);
    }
    const anonymous = await server.request(
      'POST',
      `/api/Payment/CreateCheckoutPayment?cartId=${cartId}&paymentMethodId=pm_card_visa`,
      {
        body: SHIPPING_CA,
      },
    );
    expect(anonymous.status).toBe(401);
    expect(await stockOf(server, catalog[10]!.id)).toBe(before);
    expect(await cartStatus(server, cartId)).toBe('open');
    expect(await scalar(server, sql`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${cartId}`)).toBe(
      0,
    );
  });

  it('validates shipping like the first checkout (400 with fieldErrors) and refuses an empty cart', async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const cartId = await newCart(server, shopper, [{ productId: catalog[11]!.id, quantity: 1 }]);
    const bad = await checkoutCart(server, shopper, cartId, {
      body: {
        firstName: '',
        lastName: 'X',
        shippingAddress: { ...SHIPPING_CA.shippingAddress, postalCode: '12' },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.fieldErrors).toBeTruthy();
    const empty = await newCart(server, shopper, []);
    const res = await checkoutCart(server, shopper, empty);
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('Your cart is empty.');
    expect(await cartStatus(server, cartId)).toBe('open');
  });

  it('E6: an expired hold of an abandoned checkout is released lazily, so the tub can be sold again', async () => {
    const product = catalog[0]!;
    const abandoner = await newShopper(server, 'shopper', clock);
    const abandonedCart = await newCart(server, abandoner, [{ productId: product.id, quantity: 1 }]);
    // The abandoned checkout held the last tub; then nothing paid (no attempt) and time passed.
    const orderId = randomUUID();
    await server.database.db.execute(sql`
      INSERT INTO orders (id, identity_id, kind, status, price_cents, total_cents, cart_id)
      VALUES (${orderId}, ${abandoner.identityId}, 'cart', 'draft', 100, 100, ${abandonedCart})`);
    await server.database.db.execute(sql`
      INSERT INTO stock_reservations (id, order_id, product_id, quantity, status, expires_at)
      VALUES (${randomUUID()}, ${orderId}, ${product.id}, 1, 'held', ${new Date(now + HOLD_MS).toISOString()})`);
    await server.database.db.execute(
      sql`UPDATE carts SET status = 'checking_out' WHERE id = ${abandonedCart}`,
    );
    await setStock(server, product.id, 0);

    const buyer = await newShopper(server, 'shopper', clock);
    const cartId = await newCart(server, buyer, [{ productId: product.id, quantity: 1 }]);
    const early = await checkoutCart(server, buyer, cartId);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('insufficient_inventory');

    now += HOLD_MS + 60_000;
    // Access tokens live 15 minutes: a fresh one after the clock moved.
    buyer.token = await createAccessTokens(server.config.jwtSecret, clock).sign(buyer.identityId);
    const res = await checkoutCart(server, buyer, cartId);
    expect(res.status).toBe(200);
    expect(await stockOf(server, product.id)).toBe(0);
    expect(await cartStatus(server, abandonedCart)).toBe('open');
    expect(
      await scalar(
        server,
        sql`SELECT count(*)::int AS n FROM stock_reservations WHERE order_id = ${orderId} AND status = 'released'`,
      ),
    ).toBe(1);
  });
});

describe('cart checkout: keys, other paths and recovery', () => {
  it('C2: the same Idempotency-Key with another request is 422 and charges nothing more', async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const cartId = await newCart(server, shopper, [{ productId: catalog[1]!.id, quantity: 1 }]);
    const key = randomUUID();
    expect((await checkoutCart(server, shopper, cartId, { key })).status).toBe(200);
    const other = await checkoutCart(server, shopper, cartId, {
      key,
      body: { ...SHIPPING_CA, firstName: 'Someone' },
    });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_mismatch');
    expect(await chargesOfCart(server, cartId)).toBe(1);
  });

  it("a shop order cannot be charged through the first box's createPaymentIntent", async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const cartId = await newCart(server, shopper, [{ productId: catalog[2]!.id, quantity: 1 }]);
    const declined = await checkoutCart(server, shopper, cartId, {
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(declined.status).toBe(400);
    const orderId = String(
      (await server.database.db.execute<{ id: string }>(sql`SELECT id FROM orders WHERE cart_id = ${cartId}`))
        .rows[0]!.id,
    );
    const direct = await server.request(
      'POST',
      `/api/Payment/createPaymentIntent?orderId=${orderId}&paymentMethodId=pm_card_visa`,
      { token: shopper.token, body: SHIPPING_CA },
    );
    expect(direct.status).toBe(409);
    const tax = await server.request('POST', `/api/Identity/UpdateTaxInfo?orderId=${orderId}`, {
      token: shopper.token,
      body: SHIPPING_CA,
    });
    expect(tax.status).toBe(409);
    expect(await chargesOfCart(server, cartId)).toBe(0);
  });

  it('C7: charged but not recorded (the write failed): reconciliation pays the order once, consumes the holds, orders the cart, mails one receipt', async () => {
    const { DEMO_ADMIN, seedAdmin } = await import('../accounts/accounts.seed.ts');
    await seedAdmin(server.database.db, clock()).catch(() => undefined);
    const login = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(login.status).toBe(200);
    const shopper = await newShopper(server, 'shopper', clock);
    const product = catalog[3]!;
    const cartId = await newCart(server, shopper, [{ productId: product.id, quantity: 2 }]);
    const before = await stockOf(server, product.id);
    // The paying transaction's last write (the cart becoming 'ordered') fails, as a broken database would.
    await server.database.db.execute(
      sql.raw(`CREATE FUNCTION h2_fail_cart() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.status = 'ordered' THEN RAISE EXCEPTION 'simulated database failure'; END IF; RETURN NEW; END $$`),
    );
    await server.database.db.execute(
      sql.raw(
        'CREATE TRIGGER h2_fail_cart BEFORE UPDATE ON carts FOR EACH ROW EXECUTE FUNCTION h2_fail_cart()',
      ),
    );
    const failed = await checkoutCart(server, shopper, cartId);
    expect(failed.status).toBe(500);
    await server.database.db.execute(sql.raw('DROP TRIGGER h2_fail_cart ON carts'));
    await server.database.db.execute(sql.raw('DROP FUNCTION h2_fail_cart()'));
    expect(await chargesOfCart(server, cartId)).toBe(1);
    expect(await cartStatus(server, cartId)).toBe('checking_out');

    const report = await server.request('POST', '/api/payments/reconcile?olderThanSeconds=0', {
      token: login.body.token,
    });
    expect(report.status).toBe(200);
    expect(await cartStatus(server, cartId)).toBe('ordered');
    const order = (
      await server.database.db.execute<{ id: string; status: string }>(
        sql`SELECT id, status FROM orders WHERE cart_id = ${cartId}`,
      )
    ).rows[0]!;
    expect(order.status).toBe('paid');
    expect(await stockOf(server, product.id)).toBe(before - 2);
    expect(
      await scalar(
        server,
        sql`SELECT count(*)::int AS n FROM stock_reservations WHERE order_id = ${order.id} AND status = 'consumed'`,
      ),
    ).toBe(1);
    expect(await mailCount(server, shopper.email, 'cart-receipt')).toBe(1);
    // The member's retry finds the paid order: no second charge, no second mail.
    const retry = await checkoutCart(server, shopper, cartId);
    expect(retry.status).toBe(200);
    expect(retry.body.orderId).toBe(order.id);
    expect(await chargesOfCart(server, cartId)).toBe(1);
    expect(await mailCount(server, shopper.email, 'cart-receipt')).toBe(1);
  });
});

describe('cart checkout: 3D Secure', () => {
  it('C6: a card that asks for authentication answers requires_action, pays nothing yet; after the bank approves, the same call records the one charge', async () => {
    const { createPaymentProvider } = await import('../payments/provider/create-provider.ts');
    const sandbox = createPaymentProvider({
      config: server.config,
      db: server.database.db,
      clock,
    }) as unknown as {
      completeAuthentication(id: string, outcome: 'approve' | 'fail'): Promise<unknown>;
    };
    const shopper = await newShopper(server, 'shopper', clock);
    const product = catalog[4]!;
    const cartId = await newCart(server, shopper, [{ productId: product.id, quantity: 1 }]);
    const before = await stockOf(server, product.id);
    const first = await checkoutCart(server, shopper, cartId, {
      paymentMethodId: 'pm_card_authenticationRequired',
    });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('requires_action');
    expect(first.body.clientSecret).toBeTruthy();
    expect(await cartStatus(server, cartId)).toBe('checking_out');
    expect(await stockOf(server, product.id)).toBe(before - 1);
    expect(await chargesOfCart(server, cartId)).toBe(0);

    await sandbox.completeAuthentication(first.body.paymentIntentId, 'approve');
    const done = await checkoutCart(server, shopper, cartId, {
      paymentMethodId: 'pm_card_authenticationRequired',
    });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('succeeded');
    expect(done.body.orderId).toBe(first.body.orderId);
    expect(await chargesOfCart(server, cartId)).toBe(1);
    expect(await cartStatus(server, cartId)).toBe('ordered');
    expect(await stockOf(server, product.id)).toBe(before - 1);
  });
});

/** Runs the server's own scheduled jobs once, as the scheduler would at the test clock's time. */
async function runJobs(...names: string[]) {
  for (const name of names) {
    const job = server.app.scheduler.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job ${name}`);
    await server.app.scheduler.runNow(job, clock());
  }
}

describe('cart checkout: an abandoned 3D Secure', () => {
  it("E6: a checkout left at the bank's 3D Secure page gives its tubs back and reopens the cart within an hour, not 23 hours, and the cart can then be paid once", async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const product = catalog[10]!;
    await setStock(server, product.id, 5);
    const cartId = await newCart(server, shopper, [{ productId: product.id, quantity: 1 }]);
    const before = await stockOf(server, product.id);
    const first = await checkoutCart(server, shopper, cartId, {
      paymentMethodId: 'pm_card_authenticationRequired',
    });
    expect(first.body.status).toBe('requires_action');
    expect(await stockOf(server, product.id)).toBe(before - 1);

    // Half an hour later the member may still be at the bank's page: the tub stays held.
    now += 30 * 60_000;
    await runJobs('payment-reconciliation', 'stock-hold-release');
    expect(await stockOf(server, product.id)).toBe(before - 1);
    expect(await cartStatus(server, cartId)).toBe('checking_out');

    // After an hour the PaymentIntent is canceled at the provider, the tub is back, the cart open.
    now += 31 * 60_000;
    await runJobs('payment-reconciliation', 'stock-hold-release');
    expect(await stockOf(server, product.id)).toBe(before);
    expect(await cartStatus(server, cartId)).toBe('open');
    const intent = await server.database.db.execute<{ status: string }>(
      sql`SELECT status FROM sandbox_payment_intents WHERE id = ${first.body.paymentIntentId}`,
    );
    expect(intent.rows[0]!.status).toBe('canceled');

    // The member comes back with another card: one charge, the tub sold once.
    shopper.token = await createAccessTokens(server.config.jwtSecret, clock).sign(shopper.identityId);
    const again = await checkoutCart(server, shopper, cartId);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('succeeded');
    expect(await chargesOfCart(server, cartId)).toBe(1);
    expect(await stockOf(server, product.id)).toBe(before - 1);
  });
});

describe('cart checkout: paid after the hold expired on an empty shelf', () => {
  it('C11: a late payment whose tubs were sold meanwhile is refunded in full, once, with a mail saying so; the cart is open again', async () => {
    const { createPaymentProvider, sandboxWebhookSecret } = await import(
      '../payments/provider/create-provider.ts'
    );
    const { signWebhookPayload } = await import('../payments/provider/webhook-signature.ts');
    const sandbox = createPaymentProvider({
      config: server.config,
      db: server.database.db,
      clock,
    }) as unknown as {
      completeAuthentication(id: string, outcome: 'approve' | 'fail'): Promise<unknown>;
    };
    const product = catalog[11]!;
    await setStock(server, product.id, 1);
    const late = await newShopper(server, 'shopper', clock);
    const lateCart = await newCart(server, late, [{ productId: product.id, quantity: 1 }]);
    const pending = await checkoutCart(server, late, lateCart, {
      paymentMethodId: 'pm_card_authenticationRequired',
    });
    expect(pending.body.status).toBe('requires_action');
    const orderId = pending.body.orderId as string;
    expect(await stockOf(server, product.id)).toBe(0);

    // The bank approves, but the answer is slow: meanwhile the store had closed the attempt, the
    // hold expired and the last tub went back on the shelf, and someone else bought it.
    await sandbox.completeAuthentication(pending.body.paymentIntentId, 'approve');
    await server.database.db.execute(
      sql`UPDATE payment_attempts SET status = 'canceled' WHERE order_id = ${orderId}`,
    );
    now += HOLD_MS + 60_000;
    await runJobs('stock-hold-release');
    expect(await stockOf(server, product.id)).toBe(1);
    const other = await newShopper(server, 'shopper', clock);
    const otherCart = await newCart(server, other, [{ productId: product.id, quantity: 1 }]);
    expect((await checkoutCart(server, other, otherCart)).body.status).toBe('succeeded');
    expect(await stockOf(server, product.id)).toBe(0);

    // The provider's succeeded event arrives now, through the signed webhook.
    const stored = await server.database.db.execute<{ data: unknown }>(
      sql`SELECT data FROM sandbox_payment_intents WHERE id = ${pending.body.paymentIntentId}`,
    );
    const data = stored.rows[0]!.data;
    const pi = (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;
    expect(pi.status).toBe('succeeded');
    const payload = JSON.stringify({
      id: `evt_late_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      created: Math.floor(now / 1000),
      livemode: false,
      type: 'payment_intent.succeeded',
      data: { object: pi },
    });
    const delivered = await server.request('POST', '/api/payments/webhook', {
      rawBody: { contentType: 'application/json', data: payload },
      headers: {
        'stripe-signature': signWebhookPayload(
          payload,
          sandboxWebhookSecret(server.config),
          Math.floor(now / 1000),
        ),
      },
    });
    expect(delivered.status).toBe(200);
    await runJobs('payment-reconciliation');

    // Refunded in full at the provider, once; the order says so; nothing oversold.
    const refunds = await server.database.db.execute<{ amount: number }>(sql`
      SELECT (data->>'amount')::int AS amount FROM sandbox_objects
      WHERE kind = 'refund' AND data->>'payment_intent' = ${pending.body.paymentIntentId}`);
    expect(refunds.rows.map((r) => Number(r.amount))).toEqual([Number(pi.amount)]);
    const order = await server.database.db.execute<{ status: string }>(
      sql`SELECT status FROM orders WHERE id = ${orderId}`,
    );
    expect(order.rows[0]!.status).toBe('refunded');
    expect(await stockOf(server, product.id)).toBe(0);
    expect(await mailCount(server, late.email, 'order-sold-out-refunded')).toBe(1);
    expect(await mailCount(server, late.email, 'cart-receipt', 0)).toBe(0);
    const mail = await server.database.db.execute<{ text: string; subject: string }>(
      sql`SELECT subject, text FROM emails WHERE to_address = ${late.email.toLowerCase()} AND kind = 'order-sold-out-refunded'`,
    );
    expect(mail.rows[0]!.subject).toContain('refunded');
    expect(mail.rows[0]!.text).toContain(`$${(Number(pi.amount) / 100).toFixed(2)}`);
    expect(mail.rows[0]!.text).toContain('sold out');

    // The same event again changes nothing; the cart is open for another try.
    const replay = await server.request('POST', '/api/payments/webhook', {
      rawBody: { contentType: 'application/json', data: payload },
      headers: {
        'stripe-signature': signWebhookPayload(
          payload,
          sandboxWebhookSecret(server.config),
          Math.floor(now / 1000),
        ),
      },
    });
    expect(replay.body.status).toBe('already_processed');
    await runJobs('payment-reconciliation');
    expect(await mailCount(server, late.email, 'order-sold-out-refunded')).toBe(1);
    expect(await cartStatus(server, lateCart)).toBe('open');
  });
});

describe('GET /api/cart/CheckoutQuote', () => {
  it("while a payment waits for the bank, the quote still counts the cart's own claimed coupon", async () => {
    const shopper = await newShopper(server, 'shopper', clock);
    const coupon = await insertCoupon(server.database.db, {
      code: `Q${randomUUID().slice(0, 8).toUpperCase()}`,
    });
    const lines = [{ productId: catalog[5]!.id, quantity: 1 }];
    const cartId = await newCart(server, shopper, lines, coupon.id);
    const pending = await checkoutCart(server, shopper, cartId, {
      paymentMethodId: 'pm_card_authenticationRequired',
    });
    expect(pending.body.status).toBe('requires_action');
    const q = await quote(shopper, cartId, 'CA');
    expect(q.status).toBe(200);
    const want = expectedTotal(lines, { percentOff: 10 }, 'CA');
    expect(Math.round(q.body.discount * 100)).toBe(want.discount);
    expect(Math.round(q.body.total * 100)).toBe(want.total);
    expect(Math.round(pending.body.total * 100)).toBe(want.total);
  });
});

describe('the background hold sweep', () => {
  it('E6: gives the tubs of an expired, unpaid hold back without any checkout running', async () => {
    const { createCartCheckoutService } = await import('./cart-checkout.service.ts');
    const { createTaxService } = await import('../tax/tax.service.ts');
    const service = createCartCheckoutService({
      db: server.database.db,
      clock,
      config: { handlingFeeCents: HANDLING },
      tax: createTaxService(),
      checkout: {} as never,
      log: { info() {}, warn() {}, error() {} },
    });
    const product = catalog[6]!;
    const shopper = await newShopper(server, 'shopper', clock);
    const cartId = await newCart(server, shopper, [{ productId: product.id, quantity: 2 }]);
    const orderId = randomUUID();
    await server.database.db.execute(sql`
      INSERT INTO orders (id, identity_id, kind, status, price_cents, total_cents, cart_id)
      VALUES (${orderId}, ${shopper.identityId}, 'cart', 'draft', 100, 100, ${cartId})`);
    await server.database.db.execute(sql`
      INSERT INTO stock_reservations (id, order_id, product_id, quantity, status, expires_at)
      VALUES (${randomUUID()}, ${orderId}, ${product.id}, 2, 'held', ${new Date(now - 1000).toISOString()})`);
    await server.database.db.execute(sql`UPDATE carts SET status = 'checking_out' WHERE id = ${cartId}`);
    const before = await stockOf(server, product.id);
    await service.releaseExpiredHolds();
    expect(await stockOf(server, product.id)).toBe(before + 2);
    expect(await cartStatus(server, cartId)).toBe('open');
    // Once released, a second pass changes nothing.
    await service.releaseExpiredHolds();
    expect(await stockOf(server, product.id)).toBe(before + 2);
  });
});

describe('a second charge of one shop order', () => {
  it('C11: is refunded once with its own key and the member gets the duplicate-payment mail; the order stays paid', async () => {
    const { createPaymentProvider, sandboxWebhookSecret } = await import(
      '../payments/provider/create-provider.ts'
    );
    const { signWebhookPayload } = await import('../payments/provider/webhook-signature.ts');
    const provider = createPaymentProvider({ config: server.config, db: server.database.db, clock });
    const shopper = await newShopper(server, 'shopper', clock);
    const cartId = await newCart(server, shopper, [{ productId: catalog[7]!.id, quantity: 1 }]);
    const paid = await checkoutCart(server, shopper, cartId);
    expect(paid.status).toBe(200);
    const ids = (
      await server.database.db.execute<{ customer: string; pm: string }>(sql`
        SELECT c.provider_customer_id AS customer, m.provider_payment_method_id AS pm
        FROM customers c JOIN payment_methods m ON m.identity_id = c.identity_id
        WHERE c.identity_id = ${shopper.identityId} LIMIT 1`)
    ).rows[0]!;
    // Another charge for the same order, as a second tab racing past every guard would make.
    const second = await provider.createPaymentIntent({
      amountCents: Math.round(paid.body.total * 100),
      currency: 'usd',
      customerId: ids.customer,
      paymentMethodId: ids.pm,
      confirm: true,
      metadata: { order_id: paid.body.orderId, kind: 'cart', attempt: '9' },
      idempotencyKey: `test-duplicate:${paid.body.orderId}`,
    });
    expect(second.status).toBe('succeeded');
    const stored = await server.database.db.execute<{ data: unknown }>(
      sql`SELECT data FROM sandbox_payment_intents WHERE id = ${second.id}`,
    );
    const object =
      typeof stored.rows[0]!.data === 'string' ? JSON.parse(stored.rows[0]!.data) : stored.rows[0]!.data;
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      created: Math.floor(now / 1000),
      livemode: false,
      type: 'payment_intent.succeeded',
      data: { object },
    });
    const delivered = await server.request('POST', '/api/payments/webhook', {
      rawBody: { contentType: 'application/json', data: payload },
      headers: {
        'stripe-signature': signWebhookPayload(
          payload,
          sandboxWebhookSecret(server.config),
          Math.floor(now / 1000),
        ),
      },
    });
    expect(delivered.status).toBe(200);
    expect(await mailCount(server, shopper.email, 'order-refunded', 400)).toBe(1);
    expect(
      await scalar(
        server,
        sql`SELECT count(*)::int AS n FROM sandbox_objects WHERE kind = 'refund' AND data->>'payment_intent' = ${second.id}`,
      ),
    ).toBe(1);
    const order = (
      await server.database.db.execute<{ status: string }>(
        sql`SELECT status FROM orders WHERE id = ${paid.body.orderId}`,
      )
    ).rows[0]!;
    expect(order.status).toBe('paid');
    expect(await cartStatus(server, cartId)).toBe('ordered');
    expect(await mailCount(server, shopper.email, 'cart-receipt')).toBe(1);

    // The provider's charge.refunded for that second charge is the store's own refund: the order
    // stays paid and no refund of its paying charge is recorded.
    const refundedCharge = await server.database.db.execute<{ data: unknown }>(sql`
      SELECT c.data FROM sandbox_objects c WHERE c.kind = 'charge' AND c.data->>'payment_intent' = ${second.id}`);
    const chargeData = refundedCharge.rows[0]!.data;
    const chargeObject = typeof chargeData === 'string' ? JSON.parse(chargeData) : chargeData;
    expect(chargeObject.amount_refunded).toBe(chargeObject.amount);
    const refundEvent = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      created: Math.floor(now / 1000),
      livemode: false,
      type: 'charge.refunded',
      data: { object: chargeObject },
    });
    const refundDelivered = await server.request('POST', '/api/payments/webhook', {
      rawBody: { contentType: 'application/json', data: refundEvent },
      headers: {
        'stripe-signature': signWebhookPayload(
          refundEvent,
          sandboxWebhookSecret(server.config),
          Math.floor(now / 1000),
        ),
      },
    });
    expect(refundDelivered.status).toBe(200);
    const after = await server.database.db.execute<{ status: string }>(
      sql`SELECT status FROM orders WHERE id = ${paid.body.orderId}`,
    );
    expect(after.rows[0]!.status).toBe('paid');
    expect(
      await scalar(server, sql`SELECT count(*)::int AS n FROM refunds WHERE order_id = ${paid.body.orderId}`),
    ).toBe(0);
  });
});
