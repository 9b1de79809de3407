import { ASSEMBLY_DAYS } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { membershipsToRemind } from '../../read-models/renewal-reminders.ts';
import { type Mailer, renewalReminderMail } from '../mail/index.ts';
import { addChosenSamples, CHOSEN_PER_BOX, itemsOf, moveOrder, sampledProductIds } from '../orders/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { addDays, REVIEW_DAYS, cycleStore as store } from '../subscriptions/index.ts';
import type { TaxCalculator } from '../tax/index.ts';
import { queueBoxShippedMail } from './fulfilment.ts';
import type { EngineHooks } from './hooks.ts';
import type { NextBoxExtras } from './next-box-extras.ts';
import { choose, type Ranker } from './picks.ts';
import { type RenewalOutcome, type RenewalPolicy, renewOne } from './renewals.ts';

/** The renewal reminder goes out this many days before billing. */
export const REMINDER_DAYS = 3;
/** Outside production a box is delivered this many days after it shipped. */
export const DELIVERY_DAYS = 3;
/** How often the server sweeps. */
export const SWEEP_INTERVAL_MS = 60_000;

export interface SweepDeps extends EngineHooks {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  rank: Ranker;
  /** The web app's address, for links in mails. */
  webUrl: string;
  /** Outside production, shipping and delivery follow the dates; in production the operator sets them. */
  autoShip: boolean;
  /** Reminders read per query (500); a test makes it small to cross a batch boundary. */
  reminderBatch?: number;
  log?: { error(obj: object, msg: string): void };
  /** Retry days and the final action after failed renewals; the defaults when absent. */
  renewalPolicy?: RenewalPolicy;
  /** The renewal box's sales tax: Stripe Tax with Stripe keys; the state table when absent. */
  tax?: TaxCalculator;
  /** Lines added to a renewal's order before its charge (next-box extras); none when absent. */
  nextBoxExtras?: NextBoxExtras;
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
/**
 * Another kind of plan the engine bills in each sweep (tub plans): its billing steps (the
 * `CycleBilling` interface of billing.ts) and the kind's own timed work after them. Registered by
 * the composition root, so the engine never imports the kinds it bills.
 */
export interface SweptPlan {
  duePlanIds(at: Date, limit: number): Promise<string[]>;
  renewDue(planId: string, at: Date): Promise<RenewalOutcome>;
  queueReminders(at: Date): Promise<number>;
  /** The kind's other timed work (a launch's reminders and refunds), before the queued mails go out. */
  afterBilling?(at: Date): Promise<void>;
}

export async function sweep(
  deps: SweepDeps,
  at: Date,
  plans: readonly SweptPlan[] = [],
): Promise<SweepReport> {
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
  const boxes = {
    duePlanIds: async (when: Date, limit: number) =>
      (await store.dueSubscriptionIds(deps.db, when, limit)).map((row) => row.id),
    renewDue: (id: string, when: Date) => renewOne(deps, id, when),
  };
  // One runner for every kind: the box memberships first, then each registered plan kind.
  for (const billing of [boxes, ...plans]) await renewals(deps, billing, at, report);
  report.samplesChosen = await chooseMissingSamples(deps, at);
  if (deps.autoShip) Object.assign(report, await shipByDate(deps.db, at, deps.webUrl));
  await closeReviewWindows(deps.db, at);
  report.reminders = await queueReminders(deps, at);
  for (const plan of plans) {
    report.reminders += await plan.queueReminders(at);
    try {
      await plan.afterBilling?.(at);
    } catch (error) {
      deps.log?.error({ err: error }, "a plan kind's timed work failed");
    }
  }
  report.mailsSent = await sendQueuedMails(deps, at);
  return report;
}

const COUNTERS: Partial<Record<RenewalOutcome, keyof SweepReport>> = {
  renewed: 'renewed',
  failed: 'failed',
  canceled: 'canceled',
  skipped: 'skipped',
};

/** Renewals in flight at once in one sweep; below the pool's 10 connections, leaving room for requests. */
export const RENEWALS_AT_ONCE = 6;

/** Runs `work` on every item, at most `limit` at a time. */
async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function renewals(
  deps: SweepDeps,
  billing: Pick<SweptPlan, 'duePlanIds' | 'renewDue'>,
  at: Date,
  report: SweepReport,
): Promise<void> {
  // A membership may owe several steps after a long pause of the sweeper (skips, a renewal):
  // passes repeat while something moved, each membership one step per pass.
  for (let pass = 0; pass < 24; pass++) {
    const due = await billing.duePlanIds(at, 500);
    let moved = 0;
    // Memberships are independent and renewOne locks its own row, so several go at once: the
    // time of a pass is mostly waiting on the database and the provider (bench/sweep-scale.mjs).
    await inParallel(due, RENEWALS_AT_ONCE, async (id) => {
      try {
        const outcome = await billing.renewDue(id, at);
        const counter = COUNTERS[outcome];
        if (counter) {
          report[counter]++;
          moved++;
        }
      } catch (error) {
        deps.log?.error({ err: error, planId: id }, 'renewal step failed');
      }
    });
    if (moved === 0) return;
  }
}

/** After the build deadline, the store chooses the samples a member left open, from their own matches. */
async function chooseMissingSamples(deps: SweepDeps, at: Date): Promise<number> {
  const open = await store.cyclesMissingSamples(deps.db, at, 500);
  let chosen = 0;
  for (const cycle of open) {
    if (!cycle.orderId) continue;
    const orderId = cycle.orderId;
    const [ranked, sampled] = await Promise.all([
      deps.rank(cycle.identityId),
      sampledProductIds(deps.db, cycle.identityId),
    ]);
    chosen += await deps.db.transaction(async (tx) => {
      const locked = await store.lockCycleWithOpenSamples(tx, cycle.id);
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
      await store.markSamplesAutoChosen(tx, cycle.id, at);
      return picks.length ? 1 : 0;
    });
  }
  return chosen;
}

/** Outside production: shipped when assembly ends (deadline + 5 days), delivered 3 days later. */
async function shipByDate(db: Db, at: Date, webUrl: string): Promise<{ shipped: number; delivered: number }> {
  return db.transaction(async (tx) => {
    const shipped = await store.markDueBoxesShipped(tx, at, ASSEMBLY_DAYS);
    for (const row of shipped) {
      await moveOrder(tx, row.order_id, ['paid', 'processing'], { status: 'shipped', now: at });
      // The same mail as the operator's shipping, its samples and tubs (docs/product.md#mails).
      await queueBoxShippedMail(tx, row.order_id, at, webUrl);
    }
    const delivered = await store.markDueBoxesDelivered(tx, at, DELIVERY_DAYS);
    for (const row of delivered) {
      if (row.order_id) await moveOrder(tx, row.order_id, ['shipped'], { status: 'delivered', now: at });
    }
    return { shipped: shipped.length, delivered: delivered.length };
  });
}

/**
 * Taste & Review ends 7 days after delivery (docs/product.md#stage-6-pick-tub): the sweep that sees that moment
 * pass records it on the cycle, so the member's stage (read at the latest moment their cycle
 * reached) is Pick Tub also when the sweep ran ahead of the real time outside production.
 */
async function closeReviewWindows(db: Db, at: Date): Promise<number> {
  return store.closeDueReviewWindows(db, at, REVIEW_DAYS);
}

/**
 * 3 days before a renewal that will charge, once per billing date. Memberships already reminded
 * for that date are left out in SQL, so every one in the window is reached however many there
 * are (a batch that stopped at the first 500 would remind those 500 again and never the rest).
 */
export async function queueReminders(deps: SweepDeps, at: Date): Promise<number> {
  const batch = deps.reminderBatch ?? REMINDER_BATCH;
  let queued = 0;
  for (;;) {
    const soon = await membershipsToRemind(deps.db, at, addDays(at, REMINDER_DAYS), batch);
    let queuedNow = 0;
    for (const sub of soon) {
      const nextBillingAt = new Date(sub.next_billing_at);
      const mail = await renewalReminderMail(sub.email, nextBillingAt, sub.amount_cents, deps.webUrl);
      if (await store.queueMail(deps.db, reminderKey(sub.id, nextBillingAt), mail, at)) queuedNow++;
    }
    queued += queuedNow;
    // Nothing new in a full batch would mean the SQL and the key disagree: stop rather than spin.
    if (soon.length < batch || queuedNow === 0) return queued;
  }
}

const REMINDER_BATCH = 500;

/** The reminder's dedupe key; read-models/renewal-reminders.ts builds the same text in SQL. */
export function reminderKey(subscriptionId: string, nextBillingAt: Date): string {
  return `reminder:${subscriptionId}:${nextBillingAt.getTime()}`;
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
