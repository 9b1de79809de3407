import { and, desc, eq, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/database.ts';
import {
  type CartColumns,
  type CartLineColumns,
  type CartLineRow,
  linesWithProducts,
  toCartLineRow,
  toCartRow,
} from '../../read-models/cart-lines.ts';
import { type CartItemRow, type CartRow, type CouponRow, cartItems, carts, coupons } from './cart.table.ts';

export async function findCart(db: Db, id: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.id, id)).limit(1);
  return row;
}

/** A cart read with its coupon and whether its owner already redeemed that coupon. */
export interface CartWithCoupon {
  cart: CartRow;
  coupon: CouponRow | undefined;
  couponUsed: boolean;
}

/** The cart row, locked until the transaction ends: changes to one cart happen one at a time. */
export async function lockCart(tx: Db, id: string): Promise<CartRow | undefined> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, id)).limit(1).for('update');
  return row;
}

export async function findOpenCart(db: Db, identityId: string): Promise<CartRow | undefined> {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.identityId, identityId), eq(carts.status, 'open')))
    .orderBy(desc(carts.createdAt), desc(carts.id))
    .limit(1);
  return row;
}

export async function insertCart(
  tx: Db,
  cart: { id: string; identityId: string },
  now: Date,
): Promise<CartRow> {
  const [row] = await tx
    .insert(carts)
    .values({ ...cart, status: 'open', version: 1, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/**
 * Moves the cart to its next version. With `expected`, only from that version (a compare-and-set:
 * a stale writer changes nothing). Answers the changed row, or undefined when it did not match.
 */
export async function bumpVersion(
  tx: Db,
  cartId: string,
  now: Date,
  changes: { couponId?: string | null } = {},
  expected?: number,
): Promise<CartRow | undefined> {
  const where =
    expected === undefined ? eq(carts.id, cartId) : and(eq(carts.id, cartId), eq(carts.version, expected));
  const [row] = await tx
    .update(carts)
    .set({ ...changes, version: sql`${carts.version} + 1`, updatedAt: now })
    .where(where)
    .returning();
  return row;
}

export async function findItem(db: Db, id: string): Promise<CartItemRow | undefined> {
  const [row] = await db.select().from(cartItems).where(eq(cartItems.id, id)).limit(1);
  return row;
}

export async function setItemQuantity(tx: Db, id: string, quantity: number): Promise<void> {
  await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, id));
}

type WrittenLineRow = CartLineColumns & CartColumns;

const at = sql.placeholder('at');
const cartId = sql.placeholder('cartId');
const productId = sql.placeholder('productId');
const writeLine = builtOnce<WrittenLineRow>(sql`
  WITH line AS (
    INSERT INTO cart_items (id, cart_id, product_id, quantity, created_at)
    VALUES (${sql.placeholder('id')}, ${cartId}, ${productId}, ${sql.placeholder('added')}, ${at}::timestamptz)
    ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity
    RETURNING id, product_id, quantity, created_at),
  bumped AS (
    UPDATE carts SET version = version + 1, updated_at = ${at}::timestamptz
    WHERE id = ${cartId} AND EXISTS (SELECT 1 FROM line)
    RETURNING id, identity_id, status, coupon_id, order_id, version, created_at, updated_at),
  lines AS (${linesWithProducts(sql`
    SELECT id, product_id, quantity, created_at FROM cart_items
    WHERE cart_id = ${cartId} AND product_id <> ${productId}
    UNION ALL
    SELECT id, product_id, quantity, created_at FROM line`)})
  SELECT c.id AS cart_id, c.identity_id AS cart_identity_id, c.status AS cart_status,
    c.coupon_id AS cart_coupon_id, c.order_id AS cart_order_id, c.version AS cart_version,
    c.created_at AS cart_created_at, c.updated_at AS cart_updated_at, v.*
  FROM bumped c CROSS JOIN lines v
  ORDER BY v.created_at, v.item_id`);

/**
 * addToCart's write in one statement: `added` tubs more on the product's line (a new line with
 * that many when there is none), the cart's next version, and the cart's lines for the answer with
 * their products (in `listLines`' order). The caller holds the cart's row lock and runs this as a
 * statement of its own after taking it, so the line counts up from its latest quantity: a quantity
 * read in the statement that waited for the lock can be older than an add that held it
 * (docs/performance.md, "An add counts from the line as it stands"). The statement's reads see the
 * cart as it was before it, so the lines are the other products' lines as they were plus the line
 * the INSERT answered. Undefined when the cart did not move (nothing is answered). Its text is
 * built once.
 */
export async function addToLineAndBump(
  tx: Db,
  line: { id: string; cartId: string; productId: number; added: number },
  now: Date,
): Promise<{ cart: CartRow; lines: CartLineRow[] } | undefined> {
  const rows = await writeLine(tx, { ...line, at: now.toISOString() });
  const first = rows[0];
  if (!first) return undefined;
  return {
    cart: toCartRow(first),
    lines: rows.map(toCartLineRow),
  };
}

export async function deleteItem(tx: Db, id: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.id, id));
}

export async function findCoupon(db: Db, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** Σ quantities of the member's open cart (the badge), 0 without one. */
export async function openCartCount(db: Db, identityId: string): Promise<number> {
  const result = await db.execute<{ n: number | string | null }>(sql`
    SELECT COALESCE(SUM(i.quantity), 0) AS n
    FROM carts c JOIN cart_items i ON i.cart_id = c.id
    WHERE c.identity_id = ${identityId} AND c.status = 'open'`);
  return Number(result.rows[0]?.n ?? 0);
}
