import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { brands, products } from '../catalog/catalog.table.ts';
import {
  type CartItemRow,
  type CartRow,
  type CouponRow,
  cartItems,
  carts,
  couponRedemptions,
  coupons,
} from './cart.table.ts';

/** One cart line with what the panel shows and what the price needs. */
export interface CartLineRow {
  itemId: string;
  productId: number;
  quantity: number;
  title: string;
  flavor: string;
  brandName: string;
  brandLogoPath: string;
  tubImagePath: string;
  listPriceCents: number;
  discountPercent: number;
}

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

/**
 * The cart, its coupon and the owner's redemption of it in one prepared statement (GET
 * cart/GetItem: with the lines, two statements however the cart is set).
 */
export function prepareFindCartWithCoupon(db: Db) {
  const statement = db
    .select({
      cart: carts,
      coupon: coupons,
      couponUsed: sql<boolean>`exists (select 1 from ${couponRedemptions} where ${couponRedemptions.couponId} = ${carts.couponId} and ${couponRedemptions.identityId} = ${carts.identityId})`,
    })
    .from(carts)
    .leftJoin(coupons, eq(coupons.id, carts.couponId))
    .where(eq(carts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('cart_with_coupon');
  return async (id: string): Promise<CartWithCoupon | undefined> => {
    const [row] = await statement.execute({ id });
    if (!row) return undefined;
    return { cart: row.cart, coupon: row.coupon ?? undefined, couponUsed: row.couponUsed === true };
  };
}

/** The cart row, locked until the transaction ends: changes to one cart happen one at a time. */
export async function lockCart(tx: Db, id: string): Promise<CartRow | undefined> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, id)).limit(1).for('update');
  return row;
}

/** Serialises "find or create the open cart" per member (two first adds make one cart). */
export async function lockIdentity(tx: Db, identityId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM identities WHERE id = ${identityId} FOR UPDATE`);
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

function linesQuery(db: Db, cartId: string | ReturnType<typeof sql.placeholder>) {
  return db
    .select({
      itemId: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      title: products.title,
      flavor: products.flavor,
      brandName: brands.name,
      brandLogoPath: brands.logoPath,
      tubImagePath: products.tubImagePath,
      listPriceCents: products.listPriceCents,
      discountPercent: products.discountPercent,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function listLines(db: Db, cartId: string): Promise<CartLineRow[]> {
  return linesQuery(db, cartId);
}

/** `listLines` as one prepared statement on `db` (reads outside a transaction: GET cart/GetItem). */
export function prepareListLines(db: Db) {
  const statement = linesQuery(db, sql.placeholder('cartId')).prepare('cart_lines');
  return (cartId: string): Promise<CartLineRow[]> => statement.execute({ cartId });
}

export async function findItem(db: Db, id: string): Promise<CartItemRow | undefined> {
  const [row] = await db.select().from(cartItems).where(eq(cartItems.id, id)).limit(1);
  return row;
}

/** The product's state for a cart, with this cart's item of it when there is one (one round trip). */
export async function productInCart(tx: Db, cartId: string, productId: number) {
  const [row] = await tx
    .select({
      isActive: products.isActive,
      tubStock: products.tubStock,
      itemId: cartItems.id,
      quantity: cartItems.quantity,
    })
    .from(products)
    .leftJoin(cartItems, and(eq(cartItems.productId, products.id), eq(cartItems.cartId, cartId)))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

export async function setItemQuantity(tx: Db, id: string, quantity: number): Promise<void> {
  await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, id));
}

/** The cart locked for a change, with the product's state and this cart's line of it (one round trip). */
export async function lockCartWithProduct(tx: Db, cartId: string, productId: number) {
  const [row] = await tx
    .select({
      cart: carts,
      isActive: products.isActive,
      tubStock: products.tubStock,
      itemId: cartItems.id,
      quantity: cartItems.quantity,
    })
    .from(carts)
    .leftJoin(products, eq(products.id, productId))
    .leftJoin(cartItems, and(eq(cartItems.cartId, carts.id), eq(cartItems.productId, productId)))
    .where(eq(carts.id, cartId))
    .limit(1)
    .for('update', { of: carts });
  return row;
}

/**
 * addToCart's write in one statement: the line (inserted, or its quantity set) and the cart's next
 * version. The caller holds the cart's row lock and checked the quantity and the stock.
 */
export async function setLineAndBump(
  tx: Db,
  line: { id: string; cartId: string; productId: number; quantity: number },
  now: Date,
): Promise<CartRow | undefined> {
  const at = now.toISOString();
  const result = await tx.execute<{
    id: string;
    identity_id: string;
    status: CartRow['status'];
    coupon_id: string | null;
    order_id: string | null;
    version: number;
    created_at: Date | string;
    updated_at: Date | string;
  }>(sql`
    WITH line AS (
      INSERT INTO cart_items (id, cart_id, product_id, quantity, created_at)
      VALUES (${line.id}, ${line.cartId}, ${line.productId}, ${line.quantity}, ${at}::timestamptz)
      ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity
      RETURNING id)
    UPDATE carts SET version = version + 1, updated_at = ${at}::timestamptz
    WHERE id = ${line.cartId} AND EXISTS (SELECT 1 FROM line)
    RETURNING id, identity_id, status, coupon_id, order_id, version, created_at, updated_at`);
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        identityId: row.identity_id,
        status: row.status,
        couponId: row.coupon_id,
        orderId: row.order_id,
        version: Number(row.version),
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      }
    : undefined;
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

export interface CartLine {
  productId: number;
  quantity: number;
  listPriceCents: number;
  discountPercent: number;
  title: string;
  isActive: boolean;
}

/** The cart's lines with the catalog's current prices, in product order (the order stock is locked in). */
export async function cartLines(db: Db, cartId: string): Promise<CartLine[]> {
  return db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      listPriceCents: products.listPriceCents,
      discountPercent: products.discountPercent,
      title: products.title,
      isActive: products.isActive,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.productId));
}
