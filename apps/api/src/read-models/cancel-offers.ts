import { type AdminCancelOffers, type AdminDashboardQuery, CANCEL_REASONS } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { OFFER_KIND_BY_REASON } from '../modules/steering/index.ts';
import { dashboardPeriod } from './back-office-dashboard.ts';

/*
 * The back office's cancel-offer figures (docs/product.md#cancel-offers): the steering module's
 * offers and the memberships' history of cancellations, read together; read-only.
 */

/**
 * The back office's counts per reason over a period: offers shown (first CancelOffer),
 * taken, and cancellations with that reason (from the membership history, so a restart
 * later does not erase one).
 */
export async function cancelOfferStats(
  db: Db,
  now: Date,
  query: AdminDashboardQuery,
): Promise<AdminCancelOffers> {
  const { from, to } = dashboardPeriod(query, now);
  const start = sql`${`${from}T00:00:00.000Z`}::timestamptz`;
  const end = sql`(${`${to}T00:00:00.000Z`}::timestamptz + interval '1 day')`;
  const result = await db.execute<{ reason: number; offered: number; saved: number; canceled: number }>(sql`
        SELECT r.reason,
          (SELECT count(*) FROM cancel_offers o WHERE o.reason = r.reason
             AND o.offered_at >= ${start} AND o.offered_at < ${end})::int AS offered,
          (SELECT count(*) FROM cancel_offers o WHERE o.reason = r.reason
             AND o.accepted_at >= ${start} AND o.accepted_at < ${end})::int AS saved,
          (SELECT count(*) FROM subscription_events e WHERE e.kind = 'canceled'
             AND (e.detail->>'reason') = r.reason::text
             AND e.created_at >= ${start} AND e.created_at < ${end})::int AS canceled
        FROM (VALUES (0), (1), (2), (3)) AS r(reason)
        ORDER BY r.reason`);
  return {
    from,
    to,
    reasons: result.rows.map((row) => {
      const reason = Number(row.reason);
      return {
        reason,
        name: CANCEL_REASONS.find((c) => c.id === reason)?.displayName ?? String(reason),
        kind: OFFER_KIND_BY_REASON[reason]!,
        offered: Number(row.offered),
        saved: Number(row.saved),
        canceled: Number(row.canceled),
      };
    }),
  };
}
