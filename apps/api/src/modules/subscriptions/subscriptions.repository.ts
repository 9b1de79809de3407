import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { billingCycles, type SubscriptionRow, subscriptions } from './subscriptions.table.ts';

const LIVE = ['active', 'past_due'] as const;

export async function findLive(db: Db, identityId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.identityId, identityId), inArray(subscriptions.status, [...LIVE])))
    .limit(1);
  return row;
}

export async function findByFirstOrder(db: Db, orderId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, orderId)).limit(1);
  return row;
}

export async function countByFirstOrder(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.firstOrderId, orderId));
  return Number(row?.n ?? 0);
}

export async function insertSubscription(db: Db, row: typeof subscriptions.$inferInsert): Promise<void> {
  await db.insert(subscriptions).values(row);
}

export async function insertCycle(db: Db, row: typeof billingCycles.$inferInsert): Promise<void> {
  await db.insert(billingCycles).values(row);
}

export async function findCycle(db: Db, subscriptionId: string, cycleIndex: number) {
  const [row] = await db
    .select()
    .from(billingCycles)
    .where(and(eq(billingCycles.subscriptionId, subscriptionId), eq(billingCycles.cycleIndex, cycleIndex)))
    .limit(1);
  return row;
}
