import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tubStock } from '../catalog/index.ts';
import {
  type CartOrderItemRow,
  type CartOrderRow,
  cartOrderItems,
  cartOrders,
  stockReservations,
} from './cart-checkout.table.ts';

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

/** Puts the order's held tubs back on the shelf; answers how many holds were released. */
export async function releaseHolds(tx: Db, orderId: string): Promise<number> {
  const released = await tx
    .update(stockReservations)
    .set({ status: 'released' })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'held')))
    .returning({ productId: stockReservations.productId, quantity: stockReservations.quantity });
  for (const hold of released) await tubStock.putBack(tx, hold.productId, hold.quantity);
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
