import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type CartRow, carts, couponRedemptions, coupons } from './cart.table.ts';

/*
 * What the cart checkout (modules/cart-checkout) does to a cart and its coupon while it turns the
 * cart into an order; the cart module's face exports these as `cartOrdering`.
 */

export { type CartLine, cartLines } from '../../read-models/cart-lines.ts';

/** The cart, locked until the transaction ends (two tabs confirming wait for each other). */
export async function lockCart(tx: Db, cartId: string): Promise<CartRow | undefined> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
  return row;
}

export async function findCart(db: Db, cartId: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return row;
}

export async function setCartState(
  tx: Db,
  cartId: string,
  changes: { status: CartRow['status']; orderId?: string | null; updatedAt: Date },
): Promise<void> {
  await tx.update(carts).set(changes).where(eq(carts.id, cartId));
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
