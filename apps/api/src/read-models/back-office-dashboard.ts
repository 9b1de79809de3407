import {
  type AdminDashboard,
  type AdminDashboardQuery,
  CANCEL_REASONS,
  DASHBOARD_DEFAULT_DAYS,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Renewals due in this many days from now. */
export const RENEWALS_DUE_DAYS = 7;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The period's first and last UTC day (both included); by default the 30 days ending today. */
export function dashboardPeriod(query: AdminDashboardQuery, now: Date): { from: string; to: string } {
  const to =
    query.to ??
    (query.from
      ? dayOf(new Date(Date.parse(`${query.from}T00:00:00Z`) + (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS))
      : dayOf(now));
  const from =
    query.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS));
  return { from, to };
}

/** Orders counted as revenue: paid and not taken back. */
const PAID = sql`o.paid_at IS NOT NULL AND o.status NOT IN ('draft', 'awaiting_payment', 'canceled', 'refund_pending', 'refunded')`;

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The back office's figures (docs/product.md#back-office), each one SQL aggregate over the chosen period
 * [from 00:00, to + 1 day 00:00) UTC. Revenue is order totals (tax included) by payment time:
 * boxes are first boxes and renewals, tubs are cart orders; weeks start on Monday.
 */
export function createDashboardService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async read(query: AdminDashboardQuery): Promise<AdminDashboard> {
      const now = clock();
      const { from, to } = dashboardPeriod(query, now);
      const start = sql`${`${from}T00:00:00.000Z`}::timestamptz`;
      const end = sql`(${`${to}T00:00:00.000Z`}::timestamptz + interval '1 day')`;
      const nowSql = sql`${now.toISOString()}::timestamptz`;

      const [members, cancels, renewals, failed, weeks] = await Promise.all([
        db.execute<{ active: number; created: number }>(sql`
          SELECT
            count(*) FILTER (WHERE s.created_at < ${end} AND (s.canceled_at IS NULL OR s.canceled_at >= ${end})
                             AND (s.status <> 'canceled' OR s.canceled_at IS NOT NULL))::int AS active,
            count(*) FILTER (WHERE s.created_at >= ${start} AND s.created_at < ${end})::int AS created
          FROM subscriptions s`),
        db.execute<{ reason: number | null; n: number }>(sql`
          SELECT s.cancel_reason AS reason, count(*)::int AS n FROM subscriptions s
          WHERE s.status = 'canceled' AND s.canceled_at >= ${start} AND s.canceled_at < ${end}
          GROUP BY s.cancel_reason ORDER BY s.cancel_reason NULLS LAST`),
        db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM subscriptions s
          WHERE s.status = 'active' AND s.skip_cycles = 0 AND s.next_billing_at >= ${nowSql}
            AND s.next_billing_at < ${nowSql} + make_interval(days => ${RENEWALS_DUE_DAYS})`),
        db.execute<{ n: number }>(sql`
          SELECT
            (SELECT count(*) FROM payment_attempts a
              WHERE a.status = 'failed' AND a.updated_at >= ${start} AND a.updated_at < ${end})
          + (SELECT count(*) FROM renewal_charges r
              WHERE r.status = 'failed' AND r.finished_at >= ${start} AND r.finished_at < ${end}) AS n`),
        db.execute<{ week: string; boxes: number; tubs: number }>(sql`
          WITH weeks AS (
            SELECT generate_series(
              date_trunc('week', ${start} AT TIME ZONE 'UTC'),
              date_trunc('week', (${end} - interval '1 second') AT TIME ZONE 'UTC'),
              interval '1 week') AS week
          ), paid AS (
            SELECT date_trunc('week', o.paid_at AT TIME ZONE 'UTC') AS week, o.kind, o.total_cents
            FROM orders o
            WHERE ${PAID} AND o.paid_at >= ${start} AND o.paid_at < ${end}
          )
          SELECT to_char(w.week, 'YYYY-MM-DD') AS week,
            COALESCE(sum(p.total_cents) FILTER (WHERE p.kind IN ('first_box', 'cycle_box')), 0)::int AS boxes,
            COALESCE(sum(p.total_cents) FILTER (WHERE p.kind IN ('cart', 'tub_plan')), 0)::int AS tubs
          FROM weeks w LEFT JOIN paid p ON p.week = w.week
          GROUP BY w.week ORDER BY w.week`),
      ]);

      const byReason = cancels.rows.map((r) => {
        const reason = r.reason == null ? null : Number(r.reason);
        const named = CANCEL_REASONS.find((c) => c.id === reason);
        return {
          reason,
          name: named?.displayName ?? 'Payment failed (no reason given)',
          count: Number(r.n),
        };
      });
      const byWeek = weeks.rows.map((w) => ({
        weekStart: w.week,
        boxesCents: Number(w.boxes),
        tubsCents: Number(w.tubs),
      }));
      return {
        from,
        to,
        activeMembers: Number(members.rows[0]?.active ?? 0),
        newMembers: Number(members.rows[0]?.created ?? 0),
        cancellations: { total: byReason.reduce((sum, r) => sum + r.count, 0), byReason },
        renewalsDueNext7Days: Number(renewals.rows[0]?.n ?? 0),
        failedPayments: Number(failed.rows[0]?.n ?? 0),
        revenue: {
          boxesCents: byWeek.reduce((sum, w) => sum + w.boxesCents, 0),
          tubsCents: byWeek.reduce((sum, w) => sum + w.tubsCents, 0),
          byWeek,
        },
      };
    },
  };
}
