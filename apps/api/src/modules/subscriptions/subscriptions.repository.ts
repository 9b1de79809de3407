import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fromJsonRow, jsonRow } from '../../db/json-rows.ts';
import {
  type BillingCycleRow,
  billingCycles,
  type SubscriptionRow,
  subscriptions,
} from './subscriptions.table.ts';

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

/**
 * What a membership's stage is worked out from besides its cycle, as columns of a read that joins
 * the membership to its current cycle (AuthInfo's read selects them too): the member's first review
 * of this box's products since it was delivered (Pick Tub starts there) and the box's tracking number.
 */
export const cycleProgressColumns = {
  reviewedAt: sql<Date | string | null>`(
    SELECT min(r.updated_at) FROM product_reviews r
    JOIN order_items i ON i.product_id = r.product_id AND i.order_id = ${billingCycles.orderId}
    WHERE r.identity_id = ${subscriptions.identityId} AND r.updated_at >= ${billingCycles.deliveredAt})`,
  trackingNumber: sql<
    string | null
  >`(SELECT o.tracking_number FROM orders o WHERE o.id = ${billingCycles.orderId})`,
};

/** The membership and cycle rows of a read that selects them with `jsonRow`. */
export const subscriptionFromJson = fromJsonRow(subscriptions);
export const cycleFromJson = fromJsonRow(billingCycles);

/**
 * A member's membership (the live one, else the latest canceled one, so a canceled member can
 * restart) and its current cycle in one prepared statement, for `subscriptionOf`. AuthInfo reads
 * the same with the identity in its own statement (read-models/auth-info.ts). Both rows come as
 * one JSON value each (db/json-rows.ts): 35 columns were most of what the client parsed.
 */
export function prepareLiveWithCycle(db: Db) {
  const statement = db
    .select({
      subscription: jsonRow(subscriptions),
      cycle: jsonRow(billingCycles),
      ...cycleProgressColumns,
    })
    .from(subscriptions)
    .leftJoin(
      billingCycles,
      and(
        eq(billingCycles.subscriptionId, subscriptions.id),
        eq(billingCycles.cycleIndex, subscriptions.currentCycleIndex),
      ),
    )
    .where(eq(subscriptions.identityId, sql.placeholder('id')))
    .orderBy(sql`(${subscriptions.status} = 'canceled')`, desc(subscriptions.createdAt))
    .limit(1)
    .prepare('subscriptions_latest_with_cycle');
  return async (
    identityId: string,
  ): Promise<
    | {
        subscription: SubscriptionRow;
        cycle: BillingCycleRow | null;
        reviewedAt: Date | null;
        trackingNumber: string | null;
      }
    | undefined
  > => {
    const row = (await statement.execute({ id: identityId }))[0];
    if (!row) return undefined;
    return {
      subscription: subscriptionFromJson(row.subscription)!,
      cycle: cycleFromJson(row.cycle),
      reviewedAt: row.reviewedAt ? new Date(row.reviewedAt) : null,
      trackingNumber: row.trackingNumber,
    };
  };
}

/** Marks a member's "Report Issue" message handled at `handledAt`, or open again (null): the back office's inbox. */
export async function setIssueReportHandled(tx: Db, id: string, handledAt: Date | null): Promise<void> {
  await tx.execute(sql`UPDATE issue_reports SET handled_at = ${handledAt ? handledAt.toISOString() : null}
          WHERE id = ${id}`);
}
