import {
  RESCHEDULE_DATE_MESSAGE,
  RESCHEDULE_MAX_DAYS,
  type Subscription,
  SubscriptionMessages,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { Mail, Mailer } from '../mail/index.ts';
import {
  addDays,
  membershipTime,
  type SubscriptionRow,
  cycleStore as store,
} from '../subscriptions/index.ts';
import { nextBoxMovedMail, nextBoxSentNowMail } from './steering.mail.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The store's time zone: every date the store shows and bills by is a UTC day
 * (docs/product.md#moving-the-next-box).
 */
export const STORE_TIME_ZONE = 'UTC';

export const NextBoxMessages = {
  canceled: 'Your membership is canceled. Restart it from the membership page first.',
  pastDue: 'Your last payment did not go through. Please update your card first.',
  date: RESCHEDULE_DATE_MESSAGE,
};

export interface NextBoxDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  webUrl: string;
  subscriptionOf: (identityId: string) => Promise<Subscription | null>;
  /** Renews one membership at once and sends its mails: the cycle engine's. */
  renewNow: (subscriptionId: string, at: Date) => Promise<unknown>;
}

/** Midnight (UTC) of the day `at` falls on. */
const dayStart = (at: Date) => Math.floor(at.getTime() / DAY_MS) * DAY_MS;

/**
 * The moment a chosen day bills at: that day in the store's time zone, at the hour of day the
 * membership already bills at (so a member keeps their usual hour). Undefined when the day is
 * not from tomorrow to 90 days out.
 */
export function billingMomentOf(date: string, now: Date, current: Date): Date | undefined {
  const day = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(day)) return undefined;
  const today = dayStart(now);
  if (day < today + DAY_MS || day > today + RESCHEDULE_MAX_DAYS * DAY_MS) return undefined;
  return new Date(day + (current.getTime() - dayStart(current)));
}

async function lockLatest(tx: Db, identityId: string): Promise<SubscriptionRow> {
  const row = await store.memberMembership(tx, identityId, true);
  if (!row) throw conflict(SubscriptionMessages.noMembership);
  if (row.status === 'canceled') throw conflict(NextBoxMessages.canceled);
  if (row.status === 'past_due') throw conflict(NextBoxMessages.pastDue);
  return row;
}

async function answer(deps: NextBoxDeps, identityId: string): Promise<Subscription> {
  const found = await deps.subscriptionOf(identityId);
  if (!found) throw conflict(SubscriptionMessages.noMembership);
  return found;
}

async function mailTo(deps: NextBoxDeps, identityId: string, make: (email: string) => Promise<Mail>) {
  const email = await store.emailOf(deps.db, identityId);
  try {
    if (email) await deps.mailer.send(await make(email));
  } catch {
    // The change stands whether or not its confirmation could be sent.
  }
}

/** The member's own next-box date (docs/product.md#moving-the-next-box). */
export function createNextBox(deps: NextBoxDeps) {
  const { db, clock } = deps;
  return {
    /**
     * POST /user/RescheduleNextBox?date=YYYY-MM-DD: the next charge falls on that day; a pending
     * skip or pause is replaced by it; the reminder (keyed by the billing moment) moves with it,
     * and the boxes after it follow the member's frequency from there.
     */
    async reschedule(identityId: string, date: string): Promise<Subscription> {
      const at = clock();
      let moved: Date | undefined;
      await db.transaction(async (tx) => {
        const sub = await lockLatest(tx, identityId);
        const when = billingMomentOf(date, at, sub.nextBillingAt);
        if (!when) throw badRequest(NextBoxMessages.date, { date: NextBoxMessages.date });
        const charging = addDays(sub.nextBillingAt, sub.skipCycles * sub.scheduleDays);
        if (charging.getTime() === when.getTime() && sub.skipCycles === 0) return;
        await store.updateSubscription(tx, sub.id, {
          nextBillingAt: when,
          skipCycles: 0,
          paused: false,
          updatedAt: at,
        });
        await store.recordEvent(tx, {
          subscriptionId: sub.id,
          actor: 'member',
          kind: 'next_box_moved',
          detail: { from: charging.toISOString(), to: when.toISOString(), replacedSkips: sub.skipCycles },
          at,
        });
        moved = when;
      });
      if (moved) {
        const when = moved;
        await mailTo(deps, identityId, (email) => nextBoxMovedMail(email, when, deps.webUrl));
      }
      return answer(deps, identityId);
    },

    /**
     * POST /user/SendNextBoxNow: the renewal is billed at once under the usual rules (one claimed
     * charge per cycle; a decline goes past due with the usual mails), then the next billing date
     * is now plus the frequency. A second click while the box it sent is still being built, or
     * while its charge is in flight, changes and charges nothing.
     */
    async sendNow(identityId: string): Promise<Subscription> {
      // The click's own renewal skips a membership whose row is locked (a second click checking it
      // at that moment), and the sweep that follows it, or the scheduled one, then bills the
      // renewal instead: the box was still sent now, and the member is told so.
      const billedSince = async (subscriptionId: string, afterCycle: number) => {
        const latest = await store.latestCycle(db, subscriptionId);
        return latest?.status === 'billed' && latest.cycleIndex > afterCycle;
      };
      let at = clock();
      let started: { subscriptionId: string; afterCycle: number } | undefined;
      await db.transaction(async (tx) => {
        const sub = await lockLatest(tx, identityId);
        const latest = await store.latestCycle(tx, sub.id);
        // Now, or the later moment the dev clock moved this membership to (docs/decisions/011-dev-clock.md).
        at = membershipTime(at, latest);
        if (latest && latest.status !== 'billed' && latest.status !== 'skipped') return;
        const last = await tx.execute<{ after: number | null }>(sql`
          SELECT (detail->>'afterCycle')::int AS after FROM subscription_events
          WHERE subscription_id = ${sub.id} AND kind = 'next_box_sent_now'
          ORDER BY created_at DESC LIMIT 1`);
        const after = last.rows[0]?.after;
        const latestIndex = latest?.cycleIndex ?? -1;
        if (after !== undefined && after !== null) {
          // Asked already and its renewal has not made the new cycle yet (another tab, a retry).
          if (after >= latestIndex) return;
          // The box it sent is the current one, still being built.
          if (after === latestIndex - 1 && latest && at < latest.buildDeadlineAt) return;
        }
        await store.updateSubscription(tx, sub.id, {
          nextBillingAt: at,
          skipCycles: 0,
          paused: false,
          updatedAt: at,
        });
        await store.recordEvent(tx, {
          subscriptionId: sub.id,
          actor: 'member',
          kind: 'next_box_sent_now',
          detail: { afterCycle: latestIndex },
          at,
        });
        started = { subscriptionId: sub.id, afterCycle: latestIndex };
      });
      if (started) {
        const outcome = await deps.renewNow(started.subscriptionId, at);
        if (outcome === 'renewed' || (await billedSince(started.subscriptionId, started.afterCycle))) {
          const after = await deps.subscriptionOf(identityId);
          const next = after?.isoutcNextBillingDate ? new Date(after.isoutcNextBillingDate) : null;
          await mailTo(deps, identityId, (email) => nextBoxSentNowMail(email, next, deps.webUrl));
        }
      }
      return answer(deps, identityId);
    },
  };
}
