import { type AdminDashboardQuery, type AdminInsights, QUIZ_STEPS, TUB_PLANS } from '@store/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { DietaryPreferences, FitnessGoals, type ReferenceOption } from '../modules/catalog/index.ts';
import { PAID_ORDER_STATUSES } from '../modules/orders/index.ts';
import { dashboardPeriod } from './back-office-dashboard.ts';
import { cancelOfferStats } from './cancel-offers.ts';

/*
 * The operator's insights (docs/product.md#insights): SQL aggregates over what the store records
 * (memberships, orders and their items, refunds, quizzes, reviews, cancel offers), read-only, run
 * side by side on their own connections (what each costs: docs/performance.md). The period is the
 * dashboard's: [from 00:00, to + 1 day 00:00) UTC.
 */

/** Samples in one box: 2 prime picks and 2 the member chooses (docs/product.md#constants). */
const SAMPLES_PER_BOX = 4;
/** Boxes billing this many days ahead count towards the sample demand. */
export const DEMAND_DAYS = 30;
/** The share of each product among recent boxes' samples is read over this many days. */
const DEMAND_MIX_DAYS = 30;
/** Retention by quiz answer: still a member this many days after the first payment. */
const PROFILE_RETENTION_DAYS = 90;
/** The cohort grid shows at least this many months of first payments, ending with the period's. */
const COHORT_MONTHS = 12;

const paidStatuses = sql.raw(PAID_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));
/** A box's samples: its items without a tub's list price (next-box extras carry one). */
const SAMPLE_ITEM = sql`i.list_price_cents IS NULL`;
/** A live membership: active or past due (docs/product.md#insights). */
const LIVE = sql`s.status IN ('active', 'past_due')`;
/** A membership's monthly run rate: the box price every `schedule_days` days, over 30 days. */
const RATE = sql`round(s.price_cents * 30.0 / s.schedule_days)`;
/**
 * A tub plan's delivery (docs/product.md#tub-plans): each paid tub at its list price less the
 * plan's discount, rounded per tub as the plan charges it (Max's free fifth tub costs nothing).
 */
const TUB_PLAN_DELIVERY = sql`(SELECT COALESCE(sum(round(p.list_price_cents * (100 - CASE t.plan
    WHEN 'max' THEN ${TUB_PLANS.max.discountPercent}::int ELSE ${TUB_PLANS.flex.discountPercent}::int END) / 100.0)
    * i.quantity), 0)
  FROM tub_plan_items i JOIN products p ON p.id = i.product_id WHERE i.plan_id = t.id)`;
/** A tub plan's monthly run rate, as a membership's: its delivery every `schedule_days` days, over 30. */
const TUB_RATE = sql`round(${TUB_PLAN_DELIVERY} * 30.0 / t.schedule_days)`;
/** A tub plan that started: its first delivery was paid (a declined first charge never started it). */
const TUB_PLAN_STARTED = sql`EXISTS (SELECT 1 FROM plan_periods pp
  WHERE pp.plan_kind = 'tub_plan' AND pp.plan_id = t.id AND pp.status = 'billed')`;

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const num = (v: unknown) => Number(v ?? 0);

function answerName(options: readonly ReferenceOption[], id: number): string {
  return options.find((o) => o.id === id)?.displayName ?? `Answer ${id}`;
}

export type InsightsService = ReturnType<typeof createInsightsService>;

export function createInsightsService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async read(query: AdminDashboardQuery): Promise<AdminInsights> {
      const now = clock();
      const { from, to } = dashboardPeriod(query, now);
      const start = sql`${`${from}T00:00:00.000Z`}::timestamptz`;
      const end = sql`(${`${to}T00:00:00.000Z`}::timestamptz + interval '1 day')`;
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      // The cohort grid: the months of first payments touching the period, at least the 12
      // ending with its last month.
      const lastMonth = sql`date_trunc('month', ${`${to}T00:00:00.000Z`}::timestamptz AT TIME ZONE 'UTC')`;
      const cohortStart = sql`(LEAST(date_trunc('month', ${`${from}T00:00:00.000Z`}::timestamptz AT TIME ZONE 'UTC'),
        ${lastMonth} - make_interval(months => ${COHORT_MONTHS - 1})) AT TIME ZONE 'UTC')`;
      const cohortEnd = sql`((${lastMonth} + interval '1 month') AT TIME ZONE 'UTC')`;

      // Each read in its own short transaction without PostgreSQL's JIT: these aggregates are
      // planned as costly enough to compile, and compiling took longer than running them
      // (bench/insights.mjs: 2.5 s of JIT for a 0.3 s read at 20,000 members).
      const rows = <T extends Record<string, unknown>>(q: SQL) =>
        db.transaction(async (tx) => {
          // Their hash tables fit in memory at 100,000 members instead of spilling to disk (work_mem).
          // No parallel workers: the reads already run side by side, one connection each, and a
          // parallel plan had each worker rebuild the same per-member totals. The three settings
          // are one statement (set_config with is_local, as SET LOCAL) to save two round trips.
          await tx.execute(sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '32MB', true),
            set_config('max_parallel_workers_per_gather', '0', true)`);
          return (await tx.execute<T>(q)).rows;
        });

      const [members, series, revenue, cohorts, funnel, profiles, sampled, bought, demand, reasons] =
        await Promise.all([
          // The memberships now and over the period, in one pass over them.
          rows<{
            mrr: number;
            active: number;
            paused: number;
            past_due: number;
            tub_mrr: number;
            created: number;
            canceled: number;
            at_start: number;
          }>(sql`
            SELECT
              COALESCE(sum(${RATE}) FILTER (WHERE ${LIVE} AND NOT s.paused), 0)::int AS mrr,
              count(*) FILTER (WHERE ${LIVE} AND NOT s.paused)::int AS active,
              count(*) FILTER (WHERE ${LIVE} AND s.paused)::int AS paused,
              count(*) FILTER (WHERE s.status = 'past_due')::int AS past_due,
              (SELECT COALESCE(sum(${TUB_RATE}), 0) FROM tub_plans t
                WHERE t.status IN ('active', 'past_due') AND NOT t.paused)::int AS tub_mrr,
              count(*) FILTER (WHERE s.created_at >= ${start} AND s.created_at < ${end})::int AS created,
              count(*) FILTER (WHERE s.canceled_at >= ${start} AND s.canceled_at < ${end})::int AS canceled,
              count(*) FILTER (WHERE s.created_at < ${start}
                AND (s.canceled_at IS NULL OR s.canceled_at >= ${start}))::int AS at_start
            FROM subscriptions s`),
          // MRR at the end of each day: the run rate of the memberships started and not yet
          // canceled by then (a pause is a present state, not history, so it is not taken off).
          rows<{ day: string; mrr: number }>(sql`
            WITH tub_ev AS (
              SELECT t.created_at AS at, ${TUB_RATE} AS rate FROM tub_plans t WHERE ${TUB_PLAN_STARTED}
              UNION ALL
              SELECT t.canceled_at, -${TUB_RATE} FROM tub_plans t
              WHERE t.canceled_at IS NOT NULL AND ${TUB_PLAN_STARTED}
            ), live_at_start AS (
              -- The memberships live when the period starts, counted per box price and schedule
              -- (one rate each) in one pass: no rate is worked out per membership.
              SELECT count(*) FILTER (WHERE s.created_at < ${start})
                  - count(*) FILTER (WHERE s.canceled_at < ${start}) AS n, ${RATE} AS rate
              FROM subscriptions s GROUP BY s.price_cents, s.schedule_days
            ), base AS (
              SELECT (SELECT COALESCE(sum(n * rate), 0) FROM live_at_start)
                + (SELECT COALESCE(sum(rate), 0) FROM tub_ev WHERE at < ${start}) AS b
            ), ev AS (
              -- The period's starts and cancellations, by their indexes.
              SELECT s.created_at AS at, ${RATE} AS rate FROM subscriptions s
              WHERE s.created_at >= ${start} AND s.created_at < ${end}
              UNION ALL
              SELECT s.canceled_at, -${RATE} FROM subscriptions s
              WHERE s.canceled_at >= ${start} AND s.canceled_at < ${end}
              UNION ALL
              SELECT at, rate FROM tub_ev
            ), delta AS (
              SELECT (at AT TIME ZONE 'UTC')::date AS day, sum(rate) AS r FROM ev
              WHERE at >= ${start} AND at < ${end} GROUP BY 1
            ), days AS (
              SELECT d::date AS day FROM generate_series(${from}::date, LEAST(${to}::date,
                (${nowSql} AT TIME ZONE 'UTC')::date), interval '1 day') AS d
            )
            SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
              (base.b + sum(COALESCE(delta.r, 0)) OVER (ORDER BY days.day))::int AS mrr
            FROM days CROSS JOIN base LEFT JOIN delta ON delta.day = days.day
            ORDER BY days.day`),
          rows<{
            first: number;
            renewals: number;
            shop: number;
            tub: number;
            pre: number;
            refunds: number;
          }>(sql`
            SELECT
              COALESCE(sum(o.total_cents) FILTER (WHERE o.kind = 'first_box'), 0)::int AS first,
              COALESCE(sum(o.total_cents) FILTER (WHERE o.kind = 'cycle_box'), 0)::int AS renewals,
              COALESCE(sum(o.total_cents) FILTER (WHERE o.kind = 'cart'), 0)::int AS shop,
              COALESCE(sum(o.total_cents) FILTER (WHERE o.kind = 'tub_plan'), 0)::int AS tub,
              COALESCE(sum(o.total_cents) FILTER (WHERE o.kind = 'pre_order'), 0)::int AS pre,
              (SELECT COALESCE(sum(r.amount_cents), 0) FROM refunds r WHERE r.status = 'succeeded'
                 AND r.updated_at >= ${start} AND r.updated_at < ${end})::int AS refunds
            FROM orders o
            WHERE o.paid_at >= ${start} AND o.paid_at < ${end} AND o.paid_at IS NOT NULL
              AND o.status NOT IN ('draft', 'awaiting_payment')`),
          // Each member's whole months as a member: the months between the start (the first box's
          // payment) and the cancellation (none yet: counted as every month so far).
          rows<{ month: string; survived: number | null; members: number; age: number }>(sql`
            WITH m AS (
              SELECT date_trunc('month', s.created_at AT TIME ZONE 'UTC') AS month,
                CASE WHEN s.canceled_at IS NULL THEN NULL ELSE
                  (extract(year FROM age(s.canceled_at, s.created_at)) * 12
                   + extract(month FROM age(s.canceled_at, s.created_at)))::int END AS survived
              FROM subscriptions s
              WHERE s.created_at >= ${cohortStart} AND s.created_at < ${cohortEnd}
            )
            SELECT to_char(month, 'YYYY-MM') AS month, survived, count(*)::int AS members,
              (extract(year FROM age(${nowSql} AT TIME ZONE 'UTC', month)) * 12
               + extract(month FROM age(${nowSql} AT TIME ZONE 'UTC', month)))::int - 1 AS age
            FROM m GROUP BY month, survived ORDER BY month`),
          rows<{ furthest: number; n: number; registered: number; results: number; paid: number }>(sql`
            SELECT q.furthest_step AS furthest, count(*)::int AS n,
              count(*) FILTER (WHERE q.identity_id IS NOT NULL)::int AS registered,
              count(*) FILTER (WHERE q.matches IS NOT NULL OR q.order_id IS NOT NULL)::int AS results,
              -- A quiz has one first box at most (orders_first_box_quiz_uidx).
              count(o.id)::int AS paid
            FROM quizzes q
              LEFT JOIN orders o ON o.quiz_id = q.id AND o.kind = 'first_box' AND o.paid_at IS NOT NULL
            WHERE q.created_at >= ${start} AND q.created_at < ${end}
            GROUP BY q.furthest_step`),
          rows<{
            question: string;
            answer: number;
            members: number;
            aged: number;
            kept: number;
            revenue: number;
          }>(sql`
            WITH net AS (
              -- Each member's orders paid in the period less their refunds in it, in one table.
              SELECT x.identity_id, sum(x.cents) AS cents FROM (
                SELECT o.identity_id, o.total_cents AS cents FROM orders o
                WHERE o.paid_at >= ${start} AND o.paid_at < ${end} AND o.status NOT IN ('draft', 'awaiting_payment')
                UNION ALL
                SELECT r.identity_id, -r.amount_cents FROM refunds r
                WHERE r.status = 'succeeded' AND r.updated_at >= ${start} AND r.updated_at < ${end}
              ) AS x
              GROUP BY x.identity_id
            ), profile AS (
              -- Each membership with the quiz its first box was matched from, totalled per pair of
              -- answer lists in one pass: members share lists, so the unnesting below reads one row
              -- per distinct pair (42 among the bench's 100,000 members) instead of one per member
              -- and answer, each carrying its member's revenue.
              SELECT q.fitness_goals, q.dietary_preferences, count(*) AS members,
                count(*) FILTER (WHERE s.created_at + make_interval(days => ${PROFILE_RETENTION_DAYS}) <= ${nowSql}) AS aged,
                count(*) FILTER (WHERE s.created_at + make_interval(days => ${PROFILE_RETENTION_DAYS}) <= ${nowSql}
                  AND (s.canceled_at IS NULL
                    OR s.canceled_at >= s.created_at + make_interval(days => ${PROFILE_RETENTION_DAYS}))) AS kept,
                sum(COALESCE(n.cents, 0)) AS revenue
              FROM subscriptions s JOIN quizzes q ON q.order_id = s.first_order_id
                LEFT JOIN net n ON n.identity_id = s.identity_id
              GROUP BY q.fitness_goals, q.dietary_preferences
            ), answers AS (
              SELECT 'fitnessGoals' AS question, a AS answer, p.* FROM profile p CROSS JOIN LATERAL unnest(p.fitness_goals) AS a
              UNION ALL
              SELECT 'dietaryPreferences', a, p.* FROM profile p CROSS JOIN LATERAL unnest(p.dietary_preferences) AS a
            )
            SELECT x.question, x.answer, sum(x.members)::int AS members, sum(x.aged)::int AS aged,
              sum(x.kept)::int AS kept, COALESCE(sum(x.revenue), 0)::int AS revenue
            FROM answers x
            GROUP BY x.question, x.answer ORDER BY x.question, x.answer`),
          // Sample-to-tub in two reads that run side by side: the members per product (all of
          // product_samplers) and those who bought its tub later (the tubs bought, each looked up).
          rows<{ id: number; name: string; sampled: number; rating: number | null }>(sql`
            WITH sampled AS (
              SELECT ps.product_id, count(*)::int AS sampled FROM product_samplers ps GROUP BY ps.product_id
            )
            SELECT p.id, b.name || ' ' || p.title || ' (' || p.flavor || ')' AS name, s.sampled,
              (SELECT round(avg(r.rating)::numeric, 2) FROM product_reviews r
                 WHERE r.product_id = p.id AND r.hidden_at IS NULL)::float8 AS rating
            FROM sampled s JOIN products p ON p.id = s.product_id JOIN brands b ON b.id = p.brand_id
            ORDER BY s.sampled DESC, p.id`),
          rows<{ id: number; bought: number }>(sql`
            WITH tubs AS (
              SELECT i.product_id, o.identity_id, max(o.paid_at) AS last_at
              FROM order_items i JOIN orders o ON o.id = i.order_id
              WHERE i.list_price_cents IS NOT NULL AND o.paid_at IS NOT NULL AND o.status IN (${paidStatuses})
                AND o.kind IN ('cart', 'cycle_box')
              GROUP BY i.product_id, o.identity_id
            )
            -- Each (product, member) with a tub looked up by product_samplers' key (45,000 at
            -- 100,000 members): the planner's hash join read all 1.8 million rows a second time.
            SELECT t.product_id AS id, count(*)::int AS bought FROM tubs t
            CROSS JOIN LATERAL (SELECT 1 FROM product_samplers ps
              WHERE ps.product_id = t.product_id AND ps.identity_id = t.identity_id
                AND ps.first_paid_at < t.last_at LIMIT 1) AS earlier
            GROUP BY t.product_id`),
          // Samples the coming boxes need: boxes billed and not assembled yet (their items so far,
          // the rest estimated) and renewals due in the next 30 days (all 4 estimated). The
          // estimate shares the unchosen samples by each product's part of the recent boxes.
          rows<{ id: number; name: string; chosen: number; estimated: number; stock: number }>(sql`
            WITH open_boxes AS (
              SELECT bc.order_id FROM billing_cycles bc
              WHERE bc.status = 'billed' AND bc.order_id IS NOT NULL AND bc.assembled_at IS NULL
            ), box_samples AS (
              -- The open boxes' samples so far, read once for both the chosen and the rest.
              SELECT i.order_id, i.product_id, count(*) AS n FROM order_items i
              WHERE i.order_id IN (SELECT order_id FROM open_boxes) AND ${SAMPLE_ITEM}
              GROUP BY i.order_id, i.product_id
            ), chosen AS (
              SELECT bs.product_id, sum(bs.n) AS n FROM box_samples bs JOIN open_boxes ob ON ob.order_id = bs.order_id
              GROUP BY bs.product_id
            ), per_box AS (
              SELECT bs.order_id, sum(bs.n) AS n FROM box_samples bs GROUP BY bs.order_id
            ), unchosen AS (
              SELECT
                (SELECT COALESCE(sum(GREATEST(${SAMPLES_PER_BOX} - COALESCE(pb.n, 0), 0)), 0)
                   FROM open_boxes ob LEFT JOIN per_box pb ON pb.order_id = ob.order_id)
                + ${SAMPLES_PER_BOX} * (SELECT count(*) FROM subscriptions s
                   WHERE s.status = 'active' AND NOT s.paused AND s.skip_cycles = 0
                     AND s.next_billing_at >= ${nowSql}
                     AND s.next_billing_at < ${nowSql} + make_interval(days => ${DEMAND_DAYS})) AS n
            ), recent AS (
              -- A box's samples are products new to the member (docs/product.md#choosing-samples),
              -- so the recent boxes' mix is the members' recent first samples.
              SELECT ps.product_id, count(*) AS n FROM product_samplers ps
              WHERE ps.first_paid_at >= ${nowSql} - make_interval(days => ${DEMAND_MIX_DAYS})
              GROUP BY ps.product_id
            ), mix AS (
              SELECT p.id AS product_id,
                CASE WHEN (SELECT sum(n) FROM recent) > 0
                  THEN COALESCE(r.n, 0)::float8 / (SELECT sum(n) FROM recent)
                  ELSE CASE WHEN p.sample_stock > 0 THEN 1.0 / NULLIF((SELECT count(*) FROM products x
                    WHERE x.is_active AND x.sample_stock > 0), 0) ELSE 0 END END AS part
              FROM products p LEFT JOIN recent r ON r.product_id = p.id WHERE p.is_active
            )
            SELECT p.id, b.name || ' ' || p.title || ' (' || p.flavor || ')' AS name,
              COALESCE(c.n, 0)::int AS chosen,
              round(COALESCE(m.part, 0) * (SELECT n FROM unchosen))::int AS estimated,
              p.sample_stock AS stock
            FROM products p JOIN brands b ON b.id = p.brand_id
              LEFT JOIN chosen c ON c.product_id = p.id LEFT JOIN mix m ON m.product_id = p.id
            WHERE p.is_active OR c.n IS NOT NULL`),
          cancelOfferStats(db, now, { from, to }),
        ]);

      // Snapshot and period figures.
      const snap = members[0];
      const canceledMembers = num(snap?.canceled);
      const membersAtStart = num(snap?.at_start);

      const rev = revenue[0];
      const revenueCents = {
        firstBoxesCents: num(rev?.first),
        renewalsCents: num(rev?.renewals),
        shopCents: num(rev?.shop),
        // A delivery paid by a pre-order is a $0 order: the pre-order's payment counts once, as a pre-order.
        tubPlansCents: num(rev?.tub),
        preOrdersCents: num(rev?.pre),
        refundsCents: num(rev?.refunds),
        totalCents: 0,
      };
      revenueCents.totalCents =
        revenueCents.firstBoxesCents +
        revenueCents.renewalsCents +
        revenueCents.shopCents +
        revenueCents.tubPlansCents +
        revenueCents.preOrdersCents -
        revenueCents.refundsCents;

      // Cohorts: retained[k-1] = share still a member k whole months after the first payment,
      // for each k every member of the month has reached.
      const byMonth = new Map<string, { members: number; age: number; survived: (number | null)[][] }>();
      for (const row of cohorts) {
        const entry = byMonth.get(row.month) ?? { members: 0, age: num(row.age), survived: [] };
        entry.members += num(row.members);
        entry.survived.push([row.survived === null ? null : num(row.survived), num(row.members)]);
        byMonth.set(row.month, entry);
      }
      const cohortRows = [...byMonth.entries()].map(([month, c]) => {
        const retained: number[] = [];
        for (let k = 1; k <= c.age; k++) {
          const kept = c.survived.reduce(
            (sum, [months, n]) => (months === null || months! >= k ? sum + n! : sum),
            0,
          );
          retained.push(share(kept, c.members));
        }
        return { month, members: c.members, retained };
      });

      // The quiz funnel: reached(step) = quizzes whose furthest step is at least that step.
      const atStep = new Map(funnel.map((r) => [num(r.furthest), num(r.n)]));
      const steps = Array.from({ length: QUIZ_STEPS }, (_, i) => {
        let reached = 0;
        for (const [furthest, n] of atStep) if (furthest >= i + 1) reached += n;
        return { step: i + 1, reached };
      });
      // Where most people leave: the step most quizzes answered last before going no further.
      let biggestDropStep: number | null = null;
      let biggestDrop = 0;
      for (let step = 1; step < QUIZ_STEPS; step++) {
        const left = atStep.get(step) ?? 0;
        if (left > biggestDrop) {
          biggestDrop = left;
          biggestDropStep = step;
        }
      }
      const total = (key: 'registered' | 'results' | 'paid') =>
        funnel.reduce((sum, r) => sum + num(r[key]), 0);

      const profileRows = (question: string, options: readonly ReferenceOption[]) =>
        profiles
          .filter((p) => p.question === question)
          .map((p) => ({
            answerId: num(p.answer),
            name: answerName(options, num(p.answer)),
            members: num(p.members),
            membersAged90Days: num(p.aged),
            retention90: num(p.aged) > 0 ? share(num(p.kept), num(p.aged)) : null,
            revenueCents: num(p.revenue),
          }));

      const boughtTubs = new Map(bought.map((b) => [num(b.id), num(b.bought)]));

      const demandRows = demand
        .map((d) => ({
          productId: num(d.id),
          name: d.name,
          chosen: num(d.chosen),
          estimated: num(d.estimated),
          samplesNeeded: num(d.chosen) + num(d.estimated),
          sampleStock: num(d.stock),
        }))
        .filter((d) => d.samplesNeeded > 0)
        // Soonest short first: the least stock left over after the need, then the biggest need.
        .sort(
          (a, b) =>
            a.sampleStock - a.samplesNeeded - (b.sampleStock - b.samplesNeeded) ||
            b.samplesNeeded - a.samplesNeeded ||
            a.productId - b.productId,
        );

      return {
        from,
        to,
        asOf: now.toISOString(),
        mrrCents: num(snap?.mrr) + num(snap?.tub_mrr),
        mrrSeries: series.map((p) => ({ day: p.day, mrrCents: num(p.mrr) })),
        activeMembers: num(snap?.active),
        pausedMembers: num(snap?.paused),
        pastDueMembers: num(snap?.past_due),
        newMembers: num(snap?.created),
        canceledMembers,
        membersAtStart,
        churnRate: share(canceledMembers, membersAtStart),
        revenueCents,
        cohorts: cohortRows,
        cancelReasons: reasons.reasons.map(({ reason, name, offered, saved, canceled }) => ({
          reason,
          name,
          offered,
          saved,
          canceled,
        })),
        quizFunnel: {
          steps,
          registered: total('registered'),
          resultsSeen: total('results'),
          paid: total('paid'),
          biggestDropStep,
        },
        byQuizProfile: {
          fitnessGoals: profileRows('fitnessGoals', FitnessGoals),
          dietaryPreferences: profileRows('dietaryPreferences', DietaryPreferences),
        },
        sampleToTub: sampled.map((s) => ({
          productId: num(s.id),
          name: s.name,
          sampled: num(s.sampled),
          boughtTub: boughtTubs.get(num(s.id)) ?? 0,
          rate: share(boughtTubs.get(num(s.id)) ?? 0, num(s.sampled)),
          averageRating: s.rating === null ? null : Number(s.rating),
        })),
        sampleDemand: demandRows,
      };
    },
  };
}
