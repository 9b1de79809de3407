import { and, asc, desc, eq, inArray, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { PlanChange } from '../cycles/index.ts';
import {
  type TubPlanItemRow,
  type TubPlanRow,
  tubPlanItems,
  tubPlanLaunch,
  tubPlans,
} from './tub-plans.table.ts';

export async function launchedAt(db: Db): Promise<Date | undefined> {
  const [row] = await db.select().from(tubPlanLaunch).where(eq(tubPlanLaunch.id, 1));
  return row?.launchedAt;
}

/** Records the launch once; undefined when it was already recorded. */
export async function recordLaunch(tx: Db, at: Date, by: string | null): Promise<Date | undefined> {
  const rows = await tx
    .insert(tubPlanLaunch)
    .values({ id: 1, launchedAt: at, launchedBy: by })
    .onConflictDoNothing()
    .returning({ launchedAt: tubPlanLaunch.launchedAt });
  return rows[0]?.launchedAt;
}

export async function findPlan(db: Db, id: string): Promise<TubPlanRow | undefined> {
  const [row] = await db.select().from(tubPlans).where(eq(tubPlans.id, id));
  return row;
}

export async function lockPlan(tx: Db, id: string, skipLocked: boolean): Promise<TubPlanRow | undefined> {
  const query = tx.select().from(tubPlans).where(eq(tubPlans.id, id));
  const [row] = await (skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
  return row;
}

export async function insertPlan(tx: Db, row: typeof tubPlans.$inferInsert): Promise<void> {
  await tx.insert(tubPlans).values(row);
}

export async function updatePlan(
  tx: Db,
  id: string,
  change: PlanChange | Partial<TubPlanRow>,
): Promise<void> {
  await tx.update(tubPlans).set(change).where(eq(tubPlans.id, id));
}

export async function plansOf(db: Db, identityId: string): Promise<TubPlanRow[]> {
  return db
    .select()
    .from(tubPlans)
    .where(and(eq(tubPlans.identityId, identityId), ne(tubPlans.status, 'incomplete')))
    .orderBy(desc(tubPlans.createdAt));
}

export async function itemsOf(db: Db, planIds: string[]): Promise<TubPlanItemRow[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(tubPlanItems)
    .where(inArray(tubPlanItems.planId, planIds))
    .orderBy(asc(tubPlanItems.planId), asc(tubPlanItems.position));
}

export async function replaceItems(
  tx: Db,
  planId: string,
  items: readonly { productId: number; quantity: number }[],
): Promise<void> {
  await tx.delete(tubPlanItems).where(eq(tubPlanItems.planId, planId));
  await tx.insert(tubPlanItems).values(
    items.map((item, position) => ({
      planId,
      position,
      productId: item.productId,
      quantity: item.quantity,
    })),
  );
}

/** Plans with billing work at `at`: active and due, or past due; oldest due first. */
export async function dueIds(db: Db, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: tubPlans.id })
    .from(tubPlans)
    .where(
      or(
        eq(tubPlans.status, 'past_due'),
        and(eq(tubPlans.status, 'active'), lte(tubPlans.nextBillingAt, at)),
      ),
    )
    .orderBy(asc(tubPlans.nextBillingAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function isClaimed(tx: Db, orderId: string): Promise<boolean> {
  const [row] = await tx.select({ id: tubPlans.id }).from(tubPlans).where(eq(tubPlans.preOrderId, orderId));
  return Boolean(row);
}
