import { ASSEMBLY_DAYS } from '@store/contracts';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { boxShippedMail, renewalReminderMail } from '../mail/cycle-templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  addChosenSamples,
  CHOSEN_PER_BOX,
  itemsOf,
  moveOrder,
  sampledProductIds,
} from '../orders/cycle-orders.ts';
import type { PaymentProvider } from '../payments/provider/payment-provider.ts';
import { addDays, REVIEW_DAYS } from '../subscriptions/subscriptions.service.ts';
import { billingCycles, subscriptions } from '../subscriptions/subscriptions.table.ts';
import * as store from './cycle-store.ts';
import { choose, type Ranker } from './picks.ts';
import { type RenewalOutcome, renewOne } from './renewals.ts';

/** The renewal reminder goes out this many days before billing. */
export const REMINDER_DAYS = 3;
/** Outside production a box is delivered this many days after it shipped. */
export const DELIVERY_DAYS = 3;
/** How often the server sweeps. */
export const SWEEP_INTERVAL_MS = 60_000;

export interface SweepDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  rank: Ranker;
  /** The web app's address, for links in mails. */
  webUrl: string;
  /** Outside production, shipping and delivery follow the dates; in production the operator sets them. */
  autoShip: boolean;
  log?: { error(obj: object, msg: string): void };
}

export interface SweepReport {
  renewed: number;
  failed: number;
  canceled: number;
  skipped: number;
  samplesChosen: number;
  shipped: number;
  delivered: number;
  reminders: number;
  mailsSent: number;
}

/**
 * Moves every membership to where it should be at `at` (docs/product.md#membership-cycle): renewals and their
 * retries, skipped and paused cycles, samples chosen after the build deadline, shipping and
 * delivery by date outside production, reminders, then the queued mails. Idempotent: sweeping
 * the same moment again, or from two processes at once, changes and charges nothing twice.
 */
export async function sweep(deps: SweepDeps, at: Date): Promise<SweepReport> {
  const report: SweepReport = {
    renewed: 0,
    failed: 0,
    canceled: 0,
    skipped: 0,
    samplesChosen: 0,
    shipped: 0,
    delivered: 0,
    reminders: 0,
    mailsSent: 0,
  };
  await renewals(deps, at, report);
  report.samplesChosen = await chooseMissingSamples(deps, at);
  if (deps.autoShip) Object.assign(report, await shipByDate(deps.db, at));
  await closeReviewWindows(deps.db, at);
  report.reminders = await queueReminders(deps, at);
  report.mailsSent = await sendQueuedMails(deps, at);
  return report;
}

const COUNTERS: Partial<Record<RenewalOutcome, keyof SweepReport>> = {
  renewed: 'renewed',
  failed: 'failed',
  canceled: 'canceled',
  skipped: 'skipped',
};

async function renewals(deps: SweepDeps, at: Date, report: SweepReport): Promise<void> {
  // A membership may owe several steps after a long pause of the sweeper (skips, a renewal):
  // passes repeat while something moved, each membership one step per pass.
  for (let pass = 0; pass < 24; pass++) {
    const due = await deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        or(
          eq(subscriptions.status, 'past_due'),
          and(eq(subscriptions.status, 'active'), lte(subscriptions.nextBillingAt, at)),
        ),
      )
      .orderBy(subscriptions.nextBillingAt)
      .limit(500);
    let moved = 0;
    for (const { id } of due) {
      try {
        const outcome = await renewOne(deps, id, at);
        const counter = COUNTERS[outcome];
        if (counter) {
          report[counter]++;
          moved++;
        }
      } catch (error) {
        deps.log?.error({ err: error, subscriptionId: id }, 'renewal step failed');
      }
    }
    if (moved === 0) return;
  }
}

/** After the build deadline, the store chooses the samples a member left open, from their own matches. */
async function chooseMissingSamples(deps: SweepDeps, at: Date): Promise<number> {
  const open = await deps.db
    .select({
      id: billingCycles.id,
      orderId: billingCycles.orderId,
      identityId: subscriptions.identityId,
    })
    .from(billingCycles)
    .innerJoin(subscriptions, eq(subscriptions.id, billingCycles.subscriptionId))
    .where(
      and(
        eq(billingCycles.status, 'billed'),
        lte(billingCycles.buildDeadlineAt, at),
        isNull(billingCycles.samplesAutoChosenAt),
      ),
    )
    .limit(500);
  let chosen = 0;
  for (const cycle of open) {
    if (!cycle.orderId) continue;
    const orderId = cycle.orderId;
    const [ranked, sampled] = await Promise.all([
      deps.rank(cycle.identityId),
      sampledProductIds(deps.db, cycle.identityId),
    ]);
    chosen += await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [locked] = await tx
        .select({ id: billingCycles.id })
        .from(billingCycles)
        .where(and(eq(billingCycles.id, cycle.id), isNull(billingCycles.samplesAutoChosenAt)))
        .for('update', { skipLocked: true });
      if (!locked) return 0;
      const items = await itemsOf(tx, orderId);
      const missing = CHOSEN_PER_BOX - items.filter((i) => !i.isPrimePick).length;
      const picks =
        missing > 0
          ? choose(
              ranked,
              new Set(sampled),
              items.map((i) => i.productId),
              missing,
            )
          : [];
      if (picks.length) await addChosenSamples(tx, orderId, picks, at);
      await tx.update(billingCycles).set({ samplesAutoChosenAt: at }).where(eq(billingCycles.id, cycle.id));
      return picks.length ? 1 : 0;
    });
  }
  return chosen;
}

/** Outside production: shipped when assembly ends (deadline + 5 days), delivered 3 days later. */
async function shipByDate(db: Db, at: Date): Promise<{ shipped: number; delivered: number }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const iso = at.toISOString();
    const shipped = await tx.execute<{
      subscription_id: string;
      order_id: string;
      shipped_at: Date | string;
    }>(sql`
      UPDATE billing_cycles SET shipped_at = build_deadline_at + make_interval(days => ${ASSEMBLY_DAYS})
      WHERE id IN (SELECT id FROM billing_cycles
                   WHERE status = 'billed' AND shipped_at IS NULL AND order_id IS NOT NULL
                     AND build_deadline_at + make_interval(days => ${ASSEMBLY_DAYS}) <= ${iso}::timestamptz
                   FOR UPDATE SKIP LOCKED)
      RETURNING subscription_id, order_id, shipped_at`);
    for (const row of shipped.rows) {
      await moveOrder(tx, row.order_id, ['paid', 'processing'], { status: 'shipped', now: at });
      const mail = await tx.execute<{ email: string; order_number: string }>(sql`
        SELECT i.email, o.order_number FROM orders o JOIN identities i ON i.id = o.identity_id WHERE o.id = ${row.order_id}`);
      const found = mail.rows[0];
      if (found) {
        await store.queueMail(
          tx,
          `shipped:${row.order_id}`,
          boxShippedMail(found.email, found.order_number),
          at,
        );
      }
    }
    const delivered = await tx.execute<{ order_id: string }>(sql`
      UPDATE billing_cycles SET delivered_at = shipped_at + make_interval(days => ${DELIVERY_DAYS})
      WHERE id IN (SELECT id FROM billing_cycles
                   WHERE delivered_at IS NULL AND shipped_at IS NOT NULL
                     AND shipped_at + make_interval(days => ${DELIVERY_DAYS}) <= ${iso}::timestamptz
                   FOR UPDATE SKIP LOCKED)
      RETURNING order_id`);
    for (const row of delivered.rows) {
      if (row.order_id) await moveOrder(tx, row.order_id, ['shipped'], { status: 'delivered', now: at });
    }
    return { shipped: shipped.rows.length, delivered: delivered.rows.length };
  });
}

/**
 * Taste & Review ends 7 days after delivery (docs/product.md#stage-6-pick-tub): the sweep that sees that moment
 * pass records it on the cycle, so the member's stage (read at the latest moment their cycle
 * reached) is Pick Tub also when the sweep ran ahead of the real time outside production.
 */
async function closeReviewWindows(db: Db, at: Date): Promise<number> {
  const closed = await db.execute<{ id: string }>(sql`
    UPDATE billing_cycles SET review_window_closed_at = delivered_at + make_interval(days => ${REVIEW_DAYS})
    WHERE review_window_closed_at IS NULL AND delivered_at IS NOT NULL
      AND delivered_at + make_interval(days => ${REVIEW_DAYS}) <= ${at.toISOString()}::timestamptz
    RETURNING id`);
  return closed.rows.length;
}

/** 3 days before a renewal that will charge, once per billing date. */
async function queueReminders(deps: SweepDeps, at: Date): Promise<number> {
  const soon = await deps.db
    .select({
      id: subscriptions.id,
      identityId: subscriptions.identityId,
      nextBillingAt: subscriptions.nextBillingAt,
      priceCents: subscriptions.priceCents,
      handlingFeeCents: subscriptions.handlingFeeCents,
    })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['active']),
        eq(subscriptions.skipCycles, 0),
        sql`${subscriptions.nextBillingAt} > ${at.toISOString()}::timestamptz`,
        lte(subscriptions.nextBillingAt, addDays(at, REMINDER_DAYS)),
      ),
    )
    .limit(1000);
  let queued = 0;
  for (const sub of soon) {
    const email = await store.emailOf(deps.db, sub.identityId);
    if (!email) continue;
    const queuedNow = await store.queueMail(
      deps.db,
      `reminder:${sub.id}:${sub.nextBillingAt.getTime()}`,
      renewalReminderMail(email, sub.nextBillingAt, sub.priceCents + sub.handlingFeeCents, deps.webUrl),
      at,
    );
    if (queuedNow) queued++;
  }
  return queued;
}

async function sendQueuedMails(deps: SweepDeps, at: Date): Promise<number> {
  let sent = 0;
  for (;;) {
    const mails = await store.takeUnsentMails(deps.db, at);
    if (!mails.length) return sent;
    for (const mail of mails) {
      try {
        await deps.mailer.send(mail);
        sent++;
      } catch (error) {
        deps.log?.error({ err: error, kind: mail.kind }, 'cycle mail failed');
      }
    }
  }
}
