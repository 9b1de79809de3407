import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type OrderRow, orderItems, orders } from './orders.table.ts';

export async function insertOrderIfAbsent(
  db: Db,
  order: Omit<typeof orders.$inferInsert, 'orderNumber'>,
): Promise<OrderRow | undefined> {
  // No conflict target: the partial unique index on (quiz_id) for first boxes is what can conflict.
  const [row] = await db.insert(orders).values(order).onConflictDoNothing().returning();
  return row;
}

export async function findFirstBoxOrder(db: Db, quizId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.quizId, quizId), eq(orders.kind, 'first_box')))
    .limit(1);
  return row;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function insertItems(
  db: Db,
  orderId: string,
  items: { id: string; productId: number; isPrimePick: boolean; priceCents: number }[],
): Promise<void> {
  if (!items.length) return;
  await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId })));
}

export async function deletePrimePicks(db: Db, orderId: string): Promise<void> {
  await db.delete(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.isPrimePick, true)));
}

export async function touchOrder(db: Db, orderId: string, now: Date): Promise<void> {
  await db.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
}

export async function listItems(db: Db, orderId: string) {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.createdAt, orderItems.id);
}

/** The distinct products in an identity's orders with one of `statuses`. */
export async function productIdsInOrders(
  db: Db,
  identityId: string,
  statuses: readonly string[],
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.identityId, identityId), inArray(orders.status, [...statuses])));
  return rows.map((r) => r.productId);
}
