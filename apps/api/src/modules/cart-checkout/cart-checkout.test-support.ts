import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createAccessTokens } from '../../http/auth.ts';
import type { TestServer } from '../../test/helpers.ts';
import { insertIdentity } from '../cart/cart.test-support.ts';

/** Shared by the cart checkout tests (not a test file itself). */

export interface Shopper {
  identityId: string;
  token: string;
  email: string;
}

/** A verified identity straight in the database, with a real access token. */
export async function newShopper(
  server: TestServer,
  prefix = 'shopper',
  clock: () => Date = () => new Date(),
): Promise<Shopper> {
  const identityId = await insertIdentity(server.database.db, prefix);
  const token = await createAccessTokens(server.config.jwtSecret, clock).sign(identityId);
  const rows = await server.database.db.execute<{ email: string }>(
    sql`SELECT email FROM identities WHERE id = ${identityId}`,
  );
  return { identityId, token, email: rows.rows[0]!.email };
}

/** An open cart with these lines (and coupon), straight in the database. */
export async function newCart(
  server: TestServer,
  shopper: Shopper,
  lines: { productId: number; quantity: number }[],
  couponId: string | null = null,
): Promise<string> {
  const id = randomUUID();
  const db = server.database.db;
  await db.execute(
    sql`INSERT INTO carts (id, identity_id, coupon_id) VALUES (${id}, ${shopper.identityId}, ${couponId})`,
  );
  for (const line of lines) {
    await db.execute(sql`
      INSERT INTO cart_items (id, cart_id, product_id, quantity)
      VALUES (${randomUUID()}, ${id}, ${line.productId}, ${line.quantity})`);
  }
  return id;
}

export function checkoutCart(
  server: TestServer,
  shopper: Pick<Shopper, 'token'>,
  cartId: string,
  options: { paymentMethodId?: string; key?: string; body?: unknown } = {},
) {
  const query = new URLSearchParams({ cartId, paymentMethodId: options.paymentMethodId ?? 'pm_card_visa' });
  return server.request('POST', `/api/Payment/CreateCheckoutPayment?${query}`, {
    token: shopper.token,
    body: options.body ?? SHIPPING_CA,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
}

/** A California address: 7.25% state tax. */
export const SHIPPING_CA = {
  firstName: 'Grace',
  lastName: 'Hopper',
  shippingAddress: {
    street1: '1 Market St',
    street2: null,
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94105',
  },
};

export async function scalar(server: TestServer, query: ReturnType<typeof sql>): Promise<number> {
  const result = await server.database.db.execute<{ n: number }>(query);
  return Number(result.rows[0]?.n ?? 0);
}

export const stockOf = (server: TestServer, productId: number) =>
  scalar(server, sql`SELECT tub_stock AS n FROM products WHERE id = ${productId}`);

export async function setStock(server: TestServer, productId: number, stock: number) {
  await server.database.db.execute(sql`UPDATE products SET tub_stock = ${stock} WHERE id = ${productId}`);
}

/** Succeeded sandbox charges of a cart's order (docs/reliability.md#exactly-one-charge). */
export const chargesOfCart = (server: TestServer, cartId: string) =>
  scalar(
    server,
    sql`SELECT count(*)::int AS n FROM sandbox_objects c
        WHERE c.kind = 'charge'
          AND c.data->>'payment_intent' IN (
            SELECT pi.id FROM sandbox_payment_intents pi
            JOIN orders o ON o.id::text = pi.order_id WHERE o.cart_id = ${cartId})`,
  );

/** The amount the provider was asked to charge for the cart's succeeded PaymentIntent. */
export const chargedCentsOfCart = (server: TestServer, cartId: string) =>
  scalar(
    server,
    sql`SELECT coalesce(sum((pi.data->>'amount')::int), 0)::int AS n FROM sandbox_payment_intents pi
        JOIN orders o ON o.id::text = pi.order_id
        WHERE o.cart_id = ${cartId} AND pi.status = 'succeeded'`,
  );

export async function cartStatus(server: TestServer, cartId: string): Promise<string> {
  const result = await server.database.db.execute<{ status: string }>(
    sql`SELECT status FROM carts WHERE id = ${cartId}`,
  );
  return result.rows[0]!.status;
}

export async function productsInStock(server: TestServer, count: number) {
  const result = await server.database.db.execute<{
    id: number;
    list_price_cents: number;
    discount_percent: number;
  }>(
    sql`SELECT id, list_price_cents, discount_percent FROM products
        WHERE is_active AND tub_stock >= 50 ORDER BY id LIMIT ${count}`,
  );
  return result.rows.map((r) => ({
    id: Number(r.id),
    listPriceCents: Number(r.list_price_cents),
    discountPercent: Number(r.discount_percent),
  }));
}
