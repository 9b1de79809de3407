import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fromJsonRow, jsonRow } from '../db/json-rows.ts';
import { type IdentityRow, identities } from '../modules/accounts/accounts.table.ts';
import { orders } from '../modules/orders/orders.table.ts';
import {
  cycleFromJson,
  cycleProgressColumns,
  type MembershipWithCycle,
  subscriptionFromJson,
} from '../modules/subscriptions/index.ts';
import { billingCycles, subscriptions } from '../modules/subscriptions/subscriptions.table.ts';

export interface AuthInfoRead {
  identity: IdentityRow;
  /** The live membership, else the latest canceled one; null for someone who never paid a first box. */
  membership: MembershipWithCycle | null;
  /** The newest first box still to pay, read only for someone without a membership (a member's answer never shows it). */
  uncompletedFirstBoxId: string | null;
}

/** The identity's row, as `prepareAuthInfoRead` reads it (one JSON value, db/json-rows.ts). */
const identityFromJson = fromJsonRow(identities);

/**
 * GET /Account/AuthInfo's read in one prepared statement: the identity, its membership (the live
 * one, else the newest canceled one) with the current cycle, and for someone without a membership
 * the first box still to pay. Every page load of a signed-in person asks for this, and it was two
 * statements on two pooled connections; each statement costs a socket write and the client's
 * parsing of its result (docs/performance.md#where-a-member-read-spends-its-time). Undefined when
 * the identity is gone (a token that outlived its account). Its three rows come as one JSON value
 * each (db/json-rows.ts): 55 columns were most of what the client parsed at every page load.
 */
export function prepareAuthInfoRead(db: Db) {
  // The membership AuthInfo shows: live first, then the newest (the order subscriptionOf used).
  const shown = sql`(
    SELECT s2.id FROM subscriptions s2 WHERE s2.identity_id = ${identities.id}
    ORDER BY (s2.status = 'canceled'), s2.created_at DESC LIMIT 1)`;
  const unpaidFirstBox = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.identityId, identities.id),
        eq(orders.kind, 'first_box'),
        inArray(orders.status, ['draft', 'awaiting_payment']),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const statement = db
    .select({
      identity: jsonRow(identities),
      subscription: jsonRow(subscriptions),
      cycle: jsonRow(billingCycles),
      ...cycleProgressColumns,
      // A CASE runs its subquery only on the branch taken: members never pay for this lookup.
      uncompletedFirstBoxId: sql<
        string | null
      >`CASE WHEN ${subscriptions.id} IS NULL THEN (${unpaidFirstBox}) END`,
    })
    .from(identities)
    .leftJoin(subscriptions, eq(subscriptions.id, shown))
    .leftJoin(
      billingCycles,
      and(
        eq(billingCycles.subscriptionId, subscriptions.id),
        eq(billingCycles.cycleIndex, subscriptions.currentCycleIndex),
      ),
    )
    .where(eq(identities.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_info_of_identity');

  return async (identityId: string): Promise<AuthInfoRead | undefined> => {
    const row = (await statement.execute({ id: identityId }))[0];
    const identity = row && identityFromJson(row.identity);
    if (!identity) return undefined;
    const subscription = subscriptionFromJson(row.subscription);
    return {
      identity,
      membership: subscription
        ? {
            subscription,
            cycle: cycleFromJson(row.cycle),
            reviewedAt: row.reviewedAt ? new Date(row.reviewedAt) : null,
            trackingNumber: row.trackingNumber,
          }
        : null,
      uncompletedFirstBoxId: subscription ? null : row.uncompletedFirstBoxId,
    };
  };
}
