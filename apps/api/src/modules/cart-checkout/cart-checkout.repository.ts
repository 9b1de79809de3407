import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cartItems, carts, couponRedemptions, coupons } from '../cart/cart.table.ts';
import type { CartRow } from '../cart/index.ts';
import { products } from '../catalog/catalog.table.ts';
import {
  type CartOrderItemRow,
  type CartOrderRow,
  cartOrderItems,
  cartOrders,
  stockReservations,
} from './cart-checkout.table.ts';

export interface CartLine {
  productId: number;
  quantity: number;
  listPriceCents: number;
  discountPercent: number;
  title: string;
  isActive: boolean;
}

/** The cart, locked until the transaction ends (two tabs confirming wait for each other). */
export async function lockCart(tx: Db, cartId: string): Promise<CartRow | undefined> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
  return row;
}

export async function findCart(db: Db, cartId: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return row;
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

export async function setCartState(
  tx: Db,
  cartId: string,
  changes: { status: CartRow['status']; orderId?: string | null; updatedAt: Date },
): Promise<void> {
  await tx.update(carts).set(changes).where(eq(carts.id, cartId));
}

export async function findOrderOfCart(db: Db, cartId: string): Promise<CartOrderRow | undefined> {
  const [row] = await db.select().from(cartOrders).where(eq(cartOrders.cartId, cartId)).limit(1);
  return row;
}

export async function findCartOrder(db: Db, orderId: string): Promise<CartOrderRow | undefined> {
  const [row] = await db.select().from(cartOrders).where(eq(cartOrders.id, orderId)).limit(1);
  return row;
}

export async function insertOrder(tx: Db, row: typeof cartOrders.$inferInsert): Promise<CartOrderRow> {
  const [inserted] = await tx.insert(cartOrders).values(row).returning();
  return inserted!;
}

export async function updateOrder(
  tx: Db,
  orderId: string,
  changes: Partial<typeof cartOrders.$inferInsert>,
): Promise<CartOrderRow> {
  const [updated] = await tx.update(cartOrders).set(changes).where(eq(cartOrders.id, orderId)).returning();
  return updated!;
}

export async function replaceItems(
  tx: Db,
  orderId: string,
  items: Omit<typeof cartOrderItems.$inferInsert, 'id' | 'orderId'>[],
): Promise<void> {
  await tx.delete(cartOrderItems).where(eq(cartOrderItems.orderId, orderId));
  if (items.length === 0) return;
  await tx.insert(cartOrderItems).values(items.map((item) => ({ ...item, id: randomUUID(), orderId })));
}

export async function listItems(db: Db, orderId: string): Promise<CartOrderItemRow[]> {
  return db
    .select()
    .from(cartOrderItems)
    .where(eq(cartOrderItems.orderId, orderId))
    .orderBy(asc(cartOrderItems.productId));
}

/**
 * Takes `quantity` tubs off the shelf if that many are there: one guarded UPDATE, so stock never
 * goes below 0 however many checkouts run at once (docs/reliability.md#e6). False when too few are left.
 */
export async function takeStock(tx: Db, productId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ tubStock: sql`${products.tubStock} - ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.tubStock} >= ${quantity}`))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ tubStock: products.tubStock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.tubStock ?? 0;
}

export async function insertHolds(
  tx: Db,
  orderId: string,
  holds: { productId: number; quantity: number }[],
  now: Date,
  expiresAt: Date,
): Promise<void> {
  if (holds.length === 0) return;
  await tx.insert(stockReservations).values(
    holds.map((h) => ({
      id: randomUUID(),
      orderId,
      productId: h.productId,
      quantity: h.quantity,
      status: 'held' as const,
      expiresAt,
      createdAt: now,
    })),
  );
}

/** Gives tubs taken by `takeStock` back, in the same transaction. */
export async function putBackStock(tx: Db, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ tubStock: sql`${products.tubStock} + ${quantity}` })
    .where(eq(products.id, productId));
}

/** Puts the order's held tubs back on the shelf; answers how many holds were released. */
export async function releaseHolds(tx: Db, orderId: string): Promise<number> {
  const released = await tx
    .update(stockReservations)
    .set({ status: 'released' })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'held')))
    .returning({ productId: stockReservations.productId, quantity: stockReservations.quantity });
  for (const hold of released) {
    await tx
      .update(products)
      .set({ tubStock: sql`${products.tubStock} + ${hold.quantity}` })
      .where(eq(products.id, hold.productId));
  }
  return released.length;
}

/** The paid order's holds become sold tubs. */
export async function consumeHolds(tx: Db, orderId: string): Promise<number> {
  const consumed = await tx
    .update(stockReservations)
    .set({ status: 'consumed' })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'held')))
    .returning({ id: stockReservations.id });
  return consumed.length;
}

export async function holdsOf(db: Db, orderId: string) {
  return db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
}

/** Gives back the coupon use an unpaid order had claimed (a decline, an expired hold). */
export async function releaseRedemption(tx: Db, orderId: string): Promise<void> {
  const removed = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of removed) {
    await tx
      .update(coupons)
      .set({ redemptions: sql`${coupons.redemptions} - 1` })
      .where(and(eq(coupons.id, couponId), gt(coupons.redemptions, 0)));
  }
}

export async function redemptionOf(db: Db, orderId: string) {
  const [row] = await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
  return row;
}

export async function couponById(db: Db, couponId: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  return row;
}

export async function couponCode(db: Db, couponId: string): Promise<string | null> {
  const [row] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, couponId));
  return row?.code ?? null;
}

/**
 * Unpaid cart orders whose stock hold has expired (the lazy sweep at checkout): their holds are
 * taken with SKIP LOCKED so two checkouts never release the same one.
 */
export async function expiredHoldOrderIds(tx: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ orderId: stockReservations.orderId })
    .from(stockReservations)
    .where(and(eq(stockReservations.status, 'held'), lt(stockReservations.expiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.orderId);
}
