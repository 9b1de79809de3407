import { randomUUID } from 'node:crypto';
import {
  DELIVERY_SCHEDULE_DAYS,
  MAX_PAUSE_CYCLES,
  pauseAfterSkipMessage,
  type Subscription,
  SubscriptionMessages,
} from '@store/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { cancelConfirmationMail, issueReportMail, type Mailer } from '../mail/index.ts';
import { findOrderRow, moveOrder } from '../orders/index.ts';
import * as store from './cycle-store.ts';
import type { SubscriptionsHooks } from './hooks.ts';
import { addDays } from './subscriptions.service.ts';
import { billingCycles, type SubscriptionRow, subscriptions } from './subscriptions.table.ts';

export interface SubscriptionActionsDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  storeEmail: string;
  /**
   * The store's address, for links in mails. Set for the member's own actions: a cancel is then
   * confirmed by mail; the operator's actions on a member (admin) leave it unset.
   */
  webUrl?: string;
  /** The member's membership as AuthInfo shows it (the answer of every action). */
  subscriptionOf: (identityId: string) => Promise<Subscription | null>;
  /** Renews one membership at once (restart): the cycle engine's. */
  renewNow: (subscriptionId: string, at: Date) => Promise<unknown>;
  /** Raised after each change, in its transaction; the memberships' one hook (`createSubscriptionsService().hooks`). */
  membershipChanged?: SubscriptionsHooks['membershipChanged'];
}

const NOT_ACTIVE = 'Your membership is not active. Restart it from the membership page first.';
const PAST_DUE = 'Your last payment did not go through. Please update your card first.';
const ALREADY_ACTIVE = 'Your membership is already active.';

export type SubscriptionActions = ReturnType<typeof createSubscriptionActions>;

/**
 * The member's own changes to the membership (docs/product.md#membership-cycle). Each runs in one transaction holding the
 * membership's row lock, so it never interleaves with a renewal or another tab; each change is
 * written to subscription_events; asking for the state it already has changes nothing.
 */
export function createSubscriptionActions(deps: SubscriptionActionsDeps) {
  const { db, clock } = deps;

  /** The member's latest membership, locked; 409 without one. */
  async function lockLatest(tx: Db, identityId: string): Promise<SubscriptionRow> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.identityId, identityId))
      .orderBy(sql`(${subscriptions.status} = 'canceled')`, desc(subscriptions.createdAt))
      .limit(1)
      .for('update');
    if (!row) throw conflict(SubscriptionMessages.noMembership);
    return row;
  }

  async function change(
    identityId: string,
    work: (tx: Tx, sub: SubscriptionRow, at: Date) => Promise<void>,
  ): Promise<Subscription> {
    await db.transaction(async (tx) => {
      await work(tx, await lockLatest(tx, identityId), clock());
    });
    const answer = await deps.subscriptionOf(identityId);
    if (!answer) throw conflict(SubscriptionMessages.noMembership);
    return answer;
  }

  function requireActive(sub: SubscriptionRow) {
    if (sub.status === 'canceled') throw conflict(NOT_ACTIVE);
    if (sub.status === 'past_due') throw conflict(PAST_DUE);
  }

  /** Whether a box the member has paid for is still to ship, or on its way, when they cancel. */
  async function paidBoxState(tx: Db, subscriptionId: string): Promise<'none' | 'to-ship' | 'on-its-way'> {
    const [box] = await tx
      .select({ shippedAt: billingCycles.shippedAt, deliveredAt: billingCycles.deliveredAt })
      .from(billingCycles)
      .where(and(eq(billingCycles.subscriptionId, subscriptionId), eq(billingCycles.status, 'billed')))
      .orderBy(desc(billingCycles.cycleIndex))
      .limit(1);
    if (!box || box.deliveredAt) return 'none';
    return box.shippedAt ? 'on-its-way' : 'to-ship';
  }

  /** Records the change in the membership's history, then tells the listeners, in its transaction. */
  async function event(tx: Tx, sub: SubscriptionRow, kind: string, at: Date, detail: object = {}) {
    await store.recordEvent(tx, { subscriptionId: sub.id, actor: 'member', kind, detail, at });
    await deps.membershipChanged?.run(tx, {
      subscriptionId: sub.id,
      identityId: sub.identityId,
      kind,
      actor: 'member',
      at,
    });
  }

  return {
    /**
     * POST /user/UpdateDeliverySchedule: the next billing date becomes the current cycle's billing
     * date plus the new interval, or tomorrow when that has already passed; nothing is charged now.
     */
    updateDeliverySchedule: (identityId: string, days: number) =>
      change(identityId, async (tx, sub, at) => {
        if (sub.status === 'canceled') throw conflict(NOT_ACTIVE);
        if (sub.scheduleDays === days) return;
        const scheduleIndex = DELIVERY_SCHEDULE_DAYS.indexOf(days as (typeof DELIVERY_SCHEDULE_DAYS)[number]);
        const set: Partial<SubscriptionRow> = { scheduleDays: days, scheduleIndex, updatedAt: at };
        if (sub.status === 'active') {
          const moved = addDays(sub.cycleStartedAt, days);
          const earliest = addDays(at, 1);
          set.nextBillingAt = new Date(Math.max(moved.getTime(), earliest.getTime()));
        }
        await store.updateSubscription(tx, sub.id, set);
        await event(tx, sub, 'schedule_changed', at, {
          from: sub.scheduleDays,
          to: days,
          nextBillingAt: set.nextBillingAt?.toISOString(),
        });
      }),

    /**
     * POST /user/CancelSubscription: no renewal from now on; a paid box still ships. Twice = once.
     * Once it is done, the member is mailed what was canceled and what still ships.
     */
    cancel: async (identityId: string, reason: number) => {
      let done: { at: Date; box: 'none' | 'to-ship' | 'on-its-way' } | undefined;
      const answer = await change(identityId, async (tx, sub, at) => {
        if (sub.status === 'canceled') return;
        done = { at, box: await paidBoxState(tx, sub.id) };
        await store.updateSubscription(tx, sub.id, {
          status: 'canceled',
          canceledAt: at,
          cancelReason: reason,
          skipCycles: 0,
          paused: false,
          nextRetryAt: null,
          updatedAt: at,
        });
        // A box still waiting for its charge is not sent; one being charged right now is decided by that charge.
        const unpaid = await tx
          .select({ orderId: billingCycles.orderId, cycleIndex: billingCycles.cycleIndex })
          .from(billingCycles)
          .where(
            and(
              eq(billingCycles.subscriptionId, sub.id),
              inArray(billingCycles.status, ['unbilled', 'past_due', 'awaiting_customer']),
            ),
          );
        for (const cycle of unpaid) {
          // Closed: a restart starts a new cycle. A charge in flight that succeeds still marks it billed.
          await store.updateCycle(tx, sub.id, cycle.cycleIndex, { status: 'skipped' });
          if (cycle.orderId)
            await moveOrder(tx, cycle.orderId, ['awaiting_payment'], { status: 'canceled', now: at });
        }
        // Tubs waiting for the next box are dropped uncharged (docs/product.md#next-box-extras): the
        // steering module's listener of "membership changed", raised by the event below.
        await event(tx, sub, 'canceled', at, { reason });
      });
      if (done && deps.webUrl) {
        const email = await store.emailOf(db, identityId);
        try {
          if (email)
            await deps.mailer.send(await cancelConfirmationMail(email, done.at, done.box, deps.webUrl));
        } catch {
          // The cancellation stands whether or not its confirmation could be sent.
        }
      }
      return answer;
    },

    /** POST /user/SkipNextBox: the next renewal date passes without a box or a charge. */
    skipNext: (identityId: string) =>
      change(identityId, async (tx, sub, at) => {
        requireActive(sub);
        if (sub.skipCycles > 0) return;
        await store.updateSubscription(tx, sub.id, { skipCycles: 1, paused: false, updatedAt: at });
        await event(tx, sub, 'skip_next', at);
      }),

    /**
     * POST /user/PauseSubscription: `cycles` renewal dates pass without a box or charge, then it
     * resumes. A pause after "Skip next box" comes after the skipped box, so it moves the date
     * billing resumes (docs/product.md#skip-and-pause). While paused, the pause already chosen
     * stands: a repeated request changes nothing (Resume first to choose another length). A
     * break lasts at most MAX_PAUSE_CYCLES boxes, the skipped one included.
     */
    pause: (identityId: string, cycles: number) =>
      change(identityId, async (tx, sub, at) => {
        requireActive(sub);
        if (sub.paused) return;
        const skipCycles = sub.skipCycles + cycles;
        if (skipCycles > MAX_PAUSE_CYCLES) {
          const message = pauseAfterSkipMessage(MAX_PAUSE_CYCLES - sub.skipCycles);
          throw badRequest(message, { cycles: message });
        }
        await store.updateSubscription(tx, sub.id, { skipCycles, paused: true, updatedAt: at });
        await event(tx, sub, 'paused', at, { cycles, afterSkipped: sub.skipCycles });
      }),

    /** POST /user/ResumeSubscription: ends a pause or a skip; the next renewal charges as usual. */
    resume: (identityId: string) =>
      change(identityId, async (tx, sub, at) => {
        requireActive(sub);
        if (sub.skipCycles === 0 && !sub.paused) return;
        await store.updateSubscription(tx, sub.id, { skipCycles: 0, paused: false, updatedAt: at });
        await event(tx, sub, 'resumed', at);
      }),

    /**
     * POST /user/RestartSubscription: a canceled membership starts a new cycle now, charged to the
     * saved card (a decline makes it Past Due, with the usual retries).
     */
    async restart(identityId: string): Promise<Subscription> {
      let restartedId: string | undefined;
      await change(identityId, async (tx, sub, at) => {
        if (sub.status !== 'canceled') throw conflict(ALREADY_ACTIVE);
        await store.updateSubscription(tx, sub.id, {
          status: 'active',
          canceledAt: null,
          cancelReason: null,
          renewalFailures: 0,
          nextRetryAt: null,
          declinedPaymentMethodId: null,
          skipCycles: 0,
          paused: false,
          nextBillingAt: at,
          updatedAt: at,
        });
        await event(tx, sub, 'restarted', at);
        restartedId = sub.id;
      });
      if (restartedId) await deps.renewNow(restartedId, clock());
      const answer = await deps.subscriptionOf(identityId);
      if (!answer) throw conflict(SubscriptionMessages.noMembership);
      return answer;
    },

    /** POST /membership/ReportIssue: stored, then mailed to the store. */
    async reportIssue(identityId: string, text: string): Promise<{ id: string }> {
      const at = clock();
      const id = randomUUID();
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.identityId, identityId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      if (!sub) throw conflict(SubscriptionMessages.noMembership);
      await db.execute(sql`
        INSERT INTO issue_reports (id, identity_id, subscription_id, order_id, text, created_at)
        VALUES (${id}, ${identityId}, ${sub.id}, ${sub.currentOrderId}, ${text}, ${at.toISOString()})`);
      const from = (await store.emailOf(db, identityId)) ?? identityId;
      const order = sub.currentOrderId ? await findOrderRow(db, sub.currentOrderId) : undefined;
      const orderNumber = order?.orderNumber ?? null;
      await deps.mailer.send(await issueReportMail(deps.storeEmail, from, orderNumber, text));
      return { id };
    },
  };
}
