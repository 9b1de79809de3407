import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { newCart, newShopper, productsInStock } from '../cart-checkout/cart-checkout.test-support.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import {
  createIntent,
  newMember,
  relaxedLimiter,
  SHIPPING,
  subscribe,
} from '../checkout/checkout.test-support.ts';
import { type StripeStandIn, startStripeStandIn } from '../payments/provider/stripe-stand-in.ts';
import { computeStateTaxCents } from './tax.service.ts';

/*
 * With Stripe keys, every order's tax is Stripe Tax's calculation for its shipping address
 * (docs/product.md#tax). The stand-in answers calculations in Stripe's shape with its own figures:
 * Texas's 6.25% plus 2% local for Austin's ZIP codes, so a tax from the state table alone (6.25%)
 * would show.
 */

const DAY = 24 * 60 * 60 * 1000;
let standIn: StripeStandIn;
let server: TestServer;
let startupRequests: number;

/** Austin, TX: the stand-in's 6.25% state rate plus 2% local, each rounded half up. */
function austinTax(taxableCents: number): number {
  const part = (rate: number) => Math.floor((taxableCents * rate * 2 + 100_000) / 200_000);
  return part(6250) + part(2000);
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
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
  startupRequests = standIn.requests.length;
  standIn.setWebhookUrl(`${server.baseUrl}/api/payments/webhook`);
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

async function orderTax(orderId: string) {
  const result = await server.database.db.execute<{
    tax_cents: number;
    total_cents: number;
    tax_calculation_id: string | null;
    price_cents: number;
    handling_fee_cents: number;
    discount_cents: number;
  }>(sql`SELECT tax_cents, total_cents, tax_calculation_id, price_cents, handling_fee_cents, discount_cents
         FROM orders WHERE id = ${orderId}`);
  const row = result.rows[0]!;
  return { ...row, tax_cents: Number(row.tax_cents), total_cents: Number(row.total_cents) };
}

const calculations = () =>
  standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/tax/calculations');

describe('I5 sales tax from Stripe Tax', () => {
  it('I5: nothing is sent to Stripe while the store starts', () => {
    expect(startupRequests).toBe(0);
  });

  it("I5: the first box's tax is Stripe Tax's calculation for the street address, recorded with the order and on the receipt", async () => {
    const member = await newMember(server, 'stripe-tax');
    const before = calculations().length;
    const intent = await createIntent(server, member, member.orderId);
    expect(intent.status).toBe(200);
    expect(calculations().length).toBeGreaterThan(before);
    const order = await orderTax(member.orderId);
    const taxable = Number(order.price_cents) + Number(order.handling_fee_cents);
    expect(order.tax_cents).toBe(austinTax(taxable));
    expect(order.tax_cents).not.toBe(computeStateTaxCents(taxable, 'TX'));
    expect(order.tax_calculation_id).toMatch(/^taxcalc_/);
    expect(order.total_cents).toBe(taxable + order.tax_cents);
    // What the member is charged includes it.
    const paid = await subscribe(server, member, member.orderId, intent.body.paymentIntentId);
    expect(paid.status).toBe(200);
    await standIn.flushWebhooks();
    const item = await server.request('GET', `/api/order/GetItem?id=${member.orderId}`, {
      token: member.token,
    });
    expect(item.body.taxAmount).toBe(order.tax_cents / 100);
    await expect
      .poll(async () => {
        const mails = await server.database.db.execute<{ text: string }>(
          sql`SELECT text FROM emails WHERE to_address = ${member.email} AND kind = 'order-confirmation'`,
        );
        return mails.rows[0]?.text ?? '';
      })
      .toContain(`$${(order.tax_cents / 100).toFixed(2)}`);
  }, 60_000);

  it("I5: a renewal's box is taxed by Stripe Tax too, and the renewal charges that total once", async () => {
    const member = await newMember(server, 'stripe-tax-renewal');
    const intent = await createIntent(server, member, member.orderId);
    expect((await subscribe(server, member, member.orderId, intent.body.paymentIntentId)).status).toBe(200);
    const before = calculations().length;
    const at = new Date(Date.now() + 31 * DAY).toISOString();
    expect((await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at)}`)).status).toBe(200);
    expect(calculations().length).toBeGreaterThan(before);
    const cycle = await server.database.db.execute<{ order_id: string; amount_cents: number }>(sql`
      SELECT c.order_id, r.amount_cents FROM billing_cycles c
      JOIN subscriptions s ON s.id = c.subscription_id
      JOIN renewal_charges r ON r.subscription_id = s.id AND r.cycle_index = c.cycle_index AND r.status = 'succeeded'
      WHERE s.first_order_id = ${member.orderId} AND c.order_id IS NOT NULL`);
    expect(cycle.rows).toHaveLength(1);
    const order = await orderTax(cycle.rows[0]!.order_id);
    const taxable = Number(order.price_cents) + Number(order.handling_fee_cents);
    expect(order.tax_cents).toBe(austinTax(taxable));
    expect(order.tax_calculation_id).toMatch(/^taxcalc_/);
    expect(Number(cycle.rows[0]!.amount_cents)).toBe(order.total_cents);
  }, 60_000);

  it("I5: a shop order's tax is Stripe Tax's, on the discounted tubs and handling, and on the receipt", async () => {
    const shopper = await newShopper(server, 'stripe-tax-shop');
    const [product] = await productsInStock(server, 1);
    const cartId = await newCart(server, shopper, [{ productId: product!.id, quantity: 2 }]);
    const paid = await server.request(
      'POST',
      `/api/Payment/CreateCheckoutPayment?${new URLSearchParams({ cartId, paymentMethodId: 'pm_card_visa' })}`,
      { token: shopper.token, body: SHIPPING },
    );
    expect(paid.status).toBe(200);
    const orders = await server.database.db.execute<{ id: string }>(
      sql`SELECT id FROM orders WHERE cart_id = ${cartId}`,
    );
    const order = await orderTax(orders.rows[0]!.id);
    const taxable =
      Number(order.price_cents) - Number(order.discount_cents) + Number(order.handling_fee_cents);
    expect(order.tax_cents).toBe(austinTax(taxable));
    expect(order.tax_calculation_id).toMatch(/^taxcalc_/);
    await standIn.flushWebhooks();
    await expect
      .poll(async () => {
        const mails = await server.database.db.execute<{ text: string }>(
          sql`SELECT text FROM emails WHERE to_address = ${shopper.email} AND kind = 'cart-receipt'`,
        );
        return mails.rows[0]?.text ?? '';
      })
      .toContain(`$${(order.tax_cents / 100).toFixed(2)}`);
  }, 60_000);

  it("I5: a tub plan's pre-order is taxed by Stripe Tax when its address is given", async () => {
    const member = await newMember(server, 'stripe-tax-plan');
    const created = await server.request('POST', '/api/order/ConfirmNewOrder', {
      token: member.token,
      body: { plan: 'flex' },
    });
    expect(created.status).toBe(200);
    const preOrderId = created.body.id as string;
    const intent = await createIntent(server, member, preOrderId);
    expect(intent.status).toBe(200);
    const order = await orderTax(preOrderId);
    const taxable = Number(order.price_cents) + Number(order.handling_fee_cents);
    expect(order.tax_cents).toBe(austinTax(taxable));
    expect(order.tax_calculation_id).toMatch(/^taxcalc_/);
  }, 60_000);
});

/** Whether another connection can lock the row right now (PostgreSQL's NOWAIT answers 55P03 if not). */
async function lockable(table: 'carts' | 'orders', id: string): Promise<boolean> {
  try {
    await server.database.db.transaction(async (t) => {
      await t.execute(sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ${id} FOR UPDATE NOWAIT`);
    });
    return true;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    if (cause.code === '55P03') return false;
    throw error;
  }
}

// PGlite has one connection, so only PostgreSQL can show a second session waiting on a lock.
describe.skipIf(!process.env.TEST_DATABASE_URL)('Stripe Tax is asked with no row locked', () => {
  it('a shop order asks once, while its cart is not locked; a first box asks while its order is not locked', async () => {
    const shopper = await newShopper(server, 'stripe-tax-unlocked');
    const [product] = await productsInStock(server, 1);
    const cartId = await newCart(server, shopper, [{ productId: product!.id, quantity: 1 }]);
    const seen: boolean[] = [];
    standIn.setBeforeAnswer(async ({ path }) => {
      if (path === '/v1/tax/calculations') seen.push(await lockable('carts', cartId));
    });
    try {
      const paid = await server.request(
        'POST',
        `/api/Payment/CreateCheckoutPayment?${new URLSearchParams({ cartId, paymentMethodId: 'pm_card_visa' })}`,
        { token: shopper.token, body: SHIPPING },
      );
      expect(paid.status).toBe(200);
      // Asked once, before the freeze: the locked cart priced the same, so the answer was kept.
      expect(seen).toEqual([true]);

      const member = await newMember(server, 'stripe-tax-unlocked-box');
      seen.length = 0;
      standIn.setBeforeAnswer(async ({ path }) => {
        if (path === '/v1/tax/calculations') seen.push(await lockable('orders', member.orderId));
      });
      const intent = await createIntent(server, member, member.orderId);
      expect(intent.status).toBe(200);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every(Boolean)).toBe(true);
    } finally {
      standIn.setBeforeAnswer(undefined);
    }
  }, 60_000);
});
