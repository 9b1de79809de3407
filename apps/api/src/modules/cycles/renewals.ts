import { BUILD_DEADLINE_DAYS, MAX_PAUSE_CYCLES } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import {
  boxSkippedUnpaidMail,
  membershipCanceledMail,
  membershipPausedUnpaidMail,
  paymentFailedMail,
  renewalReceiptMail,
} from '../mail/index.ts';
import { createCycleOrder, findOrderRow, moveOrder, sampledProductIds } from '../orders/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import {
  addDays,
  type BillingCycleRow,
  type SubscriptionRow,
  cycleStore as store,
} from '../subscriptions/index.ts';
import type { TaxCalculator } from '../tax/index.ts';
import { confirmPaymentMail } from './confirm-renewal.mail.tsx';
import type { NextBoxExtras } from './next-box-extras.ts';
import { type ChargeResult, chargeOffSession } from './off-session-charge.ts';
import { choose, type Ranker } from './picks.ts';
import { renewalReceiptOf } from './receipt-lines.ts';

/** What happens to a membership whose last renewal retry failed (docs/payments.md#failed-renewal-policy). */
export type FinalRenewalAction = 'cancel' | 'pause' | 'skip';

/** When a failed renewal is retried and what follows the last failure; set by configuration. */
export interface RenewalPolicy {
  /** Days after the billing date, ascending: one retry each. */
  retryDays: readonly number[];
  finalAction: FinalRenewalAction;
}

/** A failed renewal is retried 1, 3 and 5 days after its billing date, then the membership is canceled (docs/product.md#failed-renewals). */
export const DEFAULT_RENEWAL_POLICY: RenewalPolicy = { retryDays: [1, 3, 5], finalAction: 'cancel' };
/** A pending charge older than this was left by a process that stopped: it is asked again with the same key. */
export const CHARGE_LEASE_MS = 2 * 60_000;

export interface RenewalDeps {
  db: Db;
  payments: PaymentProvider;
  rank: Ranker;
  webUrl: string;
  log?: { error(obj: object, msg: string): void };
  /** Retry days and the final action; DEFAULT_RENEWAL_POLICY when absent. */
  renewalPolicy?: RenewalPolicy;
  /** The renewal box's sales tax: Stripe Tax with Stripe keys; the state table when absent. */
  tax?: TaxCalculator;
  /** Lines added to a renewal's order before its charge (next-box extras); none when absent. */
  nextBoxExtras?: NextBoxExtras;
}

export interface ChargeJob {
  chargeId: string;
  subscriptionId: string;
  identityId: string;
  cycleIndex: number;
  orderId: string;
  startsAt: Date;
  key: string;
  amountCents: number;
  card: store.SavedCard | undefined;
}

export type RenewalOutcome = 'none' | 'skipped' | 'renewed' | 'failed' | 'canceled' | 'pending';

/** Whether a membership may have renewal work at `at` (checked again under the row lock). */
export function renewalDue(sub: Pick<SubscriptionRow, 'status' | 'nextBillingAt'>, at: Date): boolean {
  return sub.status === 'past_due' || (sub.status === 'active' && sub.nextBillingAt <= at);
}

/**
 * One renewal step of one membership: a skipped cycle, or the cycle's order and one charge of the
 * saved card (renew:{subscription}:{cycle}:{attempt}), recorded in a second transaction. The
 * provider is never called inside a transaction; the claimed attempt row and the provider's
 * idempotency key make a second process, or a retry after a crash, charge nothing twice.
 */
export async function renewOne(deps: RenewalDeps, subscriptionId: string, at: Date): Promise<RenewalOutcome> {
  const { db } = deps;
  const before = await store.findSubscription(db, subscriptionId);
  if (!before || !renewalDue(before, at)) return 'none';
  // Ranking reads the catalog and the quiz: done before the transaction that locks the row, and
  // only when a new cycle may start (a retry reuses its cycle's order).
  const [ranked, sampled] =
    before.status === 'active'
      ? await Promise.all([deps.rank(before.identityId), sampledProductIds(db, before.identityId)])
      : [[], []];
  const step = await db.transaction(async (tx) => {
    const sub = await store.lockSubscription(tx, subscriptionId, { skipLocked: true });
    if (!sub || !renewalDue(sub, at)) return { kind: 'none' as const };
    const latest = await store.latestCycle(tx, sub.id);
    if (latest && ['unbilled', 'past_due', 'awaiting_customer'].includes(latest.status)) {
      return continueUnpaidCycle(deps, tx, sub, latest, at);
    }
    if (sub.status !== 'active') return { kind: 'none' as const };
    const cycleIndex = (latest?.cycleIndex ?? -1) + 1;
    // A whole cycle missed (the sweeper was stopped that long) is not billed after the fact:
    // the new cycle starts now.
    const startsAt = addDays(sub.nextBillingAt, sub.scheduleDays) <= at ? at : sub.nextBillingAt;
    if (sub.skipCycles > 0) {
      await store.insertCycle(tx, {
        subscriptionId: sub.id,
        cycleIndex,
        status: 'skipped',
        startsAt,
        buildDeadlineAt: addDays(startsAt, BUILD_DEADLINE_DAYS),
      });
      const left = sub.skipCycles - 1;
      await store.updateSubscription(tx, sub.id, {
        skipCycles: left,
        paused: left > 0 && sub.paused,
        nextBillingAt: addDays(startsAt, sub.scheduleDays),
        updatedAt: at,
      });
      await store.recordEvent(tx, {
        subscriptionId: sub.id,
        actor: 'sweeper',
        kind: left === 0 && sub.paused ? 'resumed' : 'cycle_skipped',
        detail: { cycleIndex },
        at,
      });
      return { kind: 'skipped' as const };
    }
    const first = await findOrderRow(tx, sub.firstOrderId);
    const order = await createCycleOrder(tx, {
      identityId: sub.identityId,
      quizId: first?.quizId ?? null,
      priceCents: sub.priceCents,
      handlingFeeCents: sub.handlingFeeCents,
      shipping: first?.shipping ?? null,
      deliverySchedule: sub.scheduleIndex,
      primePickIds: choose(ranked, new Set(sampled), [], 2),
      now: at,
      tax: deps.tax,
    });
    await store.insertCycle(tx, {
      subscriptionId: sub.id,
      cycleIndex,
      status: 'unbilled',
      orderId: order.id,
      startsAt,
      buildDeadlineAt: addDays(startsAt, BUILD_DEADLINE_DAYS),
    });
    const { totalCents } = deps.nextBoxExtras
      ? await deps.nextBoxExtras(tx, {
          subscriptionId: sub.id,
          identityId: sub.identityId,
          orderId: order.id,
          cycleIndex,
          totalCents: order.totalCents,
          ranked,
          sampled,
          at,
        })
      : order;
    return claim(deps, tx, sub, { cycleIndex, orderId: order.id, startsAt }, 1, totalCents, at);
  });
  if (step.kind !== 'charge') return step.kind;
  return charge(deps, step.job, at);
}

type Step = { kind: 'none' | 'skipped' | 'canceled' | 'pending' } | { kind: 'charge'; job: ChargeJob };

/** A cycle whose charge is in flight or failed: wait, ask again, retry when due, or cancel. */
async function continueUnpaidCycle(
  deps: RenewalDeps,
  tx: Db,
  sub: SubscriptionRow,
  cycle: BillingCycleRow,
  at: Date,
): Promise<Step> {
  if (!cycle.orderId) return { kind: 'none' };
  const order = await findOrderRow(tx, cycle.orderId);
  const amountCents = order?.totalCents ?? sub.priceCents + sub.handlingFeeCents;
  const target = { cycleIndex: cycle.cycleIndex, orderId: cycle.orderId, startsAt: cycle.startsAt };
  const last = await store.lastCharge(tx, sub.id, cycle.cycleIndex);
  if (last?.status === 'pending') {
    if (at.getTime() - last.claimedAt.getTime() < CHARGE_LEASE_MS) return { kind: 'pending' };
    await store.reclaimCharge(tx, last.id, at);
    const card = await store.defaultCard(tx, sub.identityId, sub.defaultPaymentMethodId, deps.payments.name);
    return {
      kind: 'charge',
      job: {
        chargeId: last.id,
        subscriptionId: sub.id,
        identityId: sub.identityId,
        ...target,
        key: last.idempotencyKey,
        amountCents,
        card,
      },
    };
  }
  if (sub.status !== 'past_due') return { kind: 'none' };
  const attempt = (last?.attempt ?? 0) + 1;
  if (sub.nextRetryAt && sub.nextRetryAt <= at) return claim(deps, tx, sub, target, attempt, amountCents, at);
  if (sub.declinedPaymentMethodId) {
    const card = await store.defaultCard(tx, sub.identityId, sub.defaultPaymentMethodId, deps.payments.name);
    if (card && card.id !== sub.declinedPaymentMethodId)
      return claim(deps, tx, sub, target, attempt, amountCents, at);
    // A hard decline waits for another card until the last retry date, then the final action.
    const { retryDays } = policyOf(deps);
    if (at >= addDays(cycle.startsAt, retryDays[retryDays.length - 1] ?? 0)) {
      return { kind: await endUnpaid(deps, tx, sub, cycle, at) };
    }
  }
  return { kind: 'none' };
}

async function claim(
  deps: RenewalDeps,
  tx: Db,
  sub: SubscriptionRow,
  target: { cycleIndex: number; orderId: string; startsAt: Date },
  attempt: number,
  amountCents: number,
  at: Date,
): Promise<Step> {
  const key = `renew:${sub.id}:${target.cycleIndex}:${attempt}`;
  const chargeId = await store.claimCharge(tx, {
    subscriptionId: sub.id,
    cycleIndex: target.cycleIndex,
    attempt,
    key,
    amountCents,
    at,
  });
  if (!chargeId) return { kind: 'pending' };
  const card = await store.defaultCard(tx, sub.identityId, sub.defaultPaymentMethodId, deps.payments.name);
  return {
    kind: 'charge',
    job: { chargeId, subscriptionId: sub.id, identityId: sub.identityId, ...target, key, amountCents, card },
  };
}

function callProvider(deps: RenewalDeps, job: ChargeJob): Promise<ChargeResult> {
  return chargeOffSession(
    deps.payments,
    {
      amountCents: job.amountCents,
      card: job.card,
      key: job.key,
      metadata: {
        subscription_id: job.subscriptionId,
        cycle_index: String(job.cycleIndex),
        cycle_order_id: job.orderId,
      },
    },
    deps.log,
  );
}

async function charge(deps: RenewalDeps, job: ChargeJob, at: Date): Promise<RenewalOutcome> {
  // A cancel that committed since the claim wins: nothing is charged after it (docs/reliability.md#d8).
  const current = await store.findSubscription(deps.db, job.subscriptionId);
  if (current?.status === 'canceled') {
    await store.finishCharge(deps.db, job.chargeId, {
      status: 'failed',
      declineCode: 'canceled_before_charge',
      at,
    });
    return 'none';
  }
  const result = await callProvider(deps, job);
  if (result.ok === 'unknown') return 'pending';
  return deps.db.transaction(async (tx) => {
    const sub = await store.lockSubscription(tx, job.subscriptionId);
    if (!sub) return 'none';
    const recorded = await store.finishCharge(tx, job.chargeId, {
      status: result.ok ? 'succeeded' : 'failed',
      paymentIntentId: result.paymentIntentId,
      declineCode: result.ok ? undefined : result.code,
      at,
    });
    if (!recorded) return 'none';
    const email = await store.emailOf(tx, sub.identityId);
    if (result.ok) {
      await recordPaid(tx, sub, job, at, email, deps.webUrl);
      return 'renewed';
    }
    return recordFailed(deps, tx, sub, job, result, at, email);
  });
}

/** A renewal charge succeeded: the cycle is billed, its box paid, the membership active; one receipt. */
export async function recordPaid(
  tx: Db,
  sub: SubscriptionRow,
  job: ChargeJob,
  at: Date,
  email: string | undefined,
  /** Absolute links in the receipt. */
  webUrl: string,
) {
  await store.updateCycle(tx, sub.id, job.cycleIndex, {
    status: 'billed',
    billedAt: at,
    // Build Your Box lasts 3 days from the successful charge (docs/product.md#membership-cycle).
    buildDeadlineAt: addDays(at, BUILD_DEADLINE_DAYS),
  });
  await moveOrder(tx, job.orderId, ['awaiting_payment', 'canceled'], {
    status: 'paid',
    paidAt: at,
    paymentMethodLast4: job.card?.last4 ?? null,
    now: at,
  });
  await store.updateSubscription(tx, sub.id, {
    // A member who canceled while the charge was in flight keeps the paid box, not the membership.
    status: sub.status === 'canceled' ? 'canceled' : 'active',
    currentCycleIndex: job.cycleIndex,
    currentOrderId: job.orderId,
    cycleStartedAt: job.startsAt,
    nextBillingAt: addDays(job.startsAt, sub.scheduleDays),
    renewalFailures: 0,
    nextRetryAt: null,
    declinedPaymentMethodId: null,
    updatedAt: at,
  });
  await store.recordEvent(tx, {
    subscriptionId: sub.id,
    actor: 'sweeper',
    kind: 'renewed',
    detail: { cycleIndex: job.cycleIndex, orderId: job.orderId, amountCents: job.amountCents },
    at,
  });
  const order = await findOrderRow(tx, job.orderId);
  if (email && order) {
    await store.queueMail(
      tx,
      `receipt:${sub.id}:${job.cycleIndex}`,
      await renewalReceiptMail(
        email,
        order.orderNumber,
        job.amountCents,
        job.card?.last4 ?? null,
        {
          samples: await store.itemNamesOf(tx, job.orderId),
          billedAt: at,
          // Tubs added to this box, charged with it (docs/product.md#next-box-extras).
          extras: await store.itemNamesOf(tx, job.orderId, true),
        },
        webUrl,
        await renewalReceiptOf(tx, job.orderId, webUrl),
      ),
      at,
    );
  }
}

async function recordFailed(
  deps: RenewalDeps,
  tx: Db,
  sub: SubscriptionRow,
  job: ChargeJob,
  result: { hard: boolean; authentication?: boolean; code: string },
  at: Date,
  email: string | undefined,
): Promise<RenewalOutcome> {
  const { webUrl } = deps;
  const { retryDays } = policyOf(deps);
  const failures = sub.renewalFailures + 1;
  // The bank wants the member present: the cycle waits for them (a new card or an on-session confirm).
  await store.updateCycle(tx, sub.id, job.cycleIndex, {
    status: result.authentication ? 'awaiting_customer' : 'past_due',
  });
  await store.recordEvent(tx, {
    subscriptionId: sub.id,
    actor: 'sweeper',
    kind: 'renewal_failed',
    detail: { cycleIndex: job.cycleIndex, attempt: failures, code: result.code },
    at,
  });
  const cycle = { cycleIndex: job.cycleIndex, startsAt: job.startsAt, orderId: job.orderId };
  if (sub.status === 'canceled') {
    await cancelUnpaid(tx, { ...sub, renewalFailures: failures }, cycle, at, webUrl);
    return 'canceled';
  }
  if (failures > retryDays.length) {
    return endUnpaid(deps, tx, { ...sub, renewalFailures: failures }, cycle, at);
  }
  const retryAt = result.hard ? null : addDays(job.startsAt, retryDays[failures - 1]!);
  await store.updateSubscription(tx, sub.id, {
    status: 'past_due',
    renewalFailures: failures,
    nextRetryAt: retryAt,
    declinedPaymentMethodId: result.hard ? (job.card?.id ?? sub.defaultPaymentMethodId) : null,
    updatedAt: at,
  });
  if (email) {
    await store.queueMail(
      tx,
      `failed:${sub.id}:${job.cycleIndex}:${failures}`,
      // The bank wants the member present (docs/reliability.md#d6): a link to confirm on-session.
      result.authentication
        ? await confirmPaymentMail(email, job.amountCents, webUrl)
        : await paymentFailedMail(email, retryAt, webUrl),
      at,
    );
  }
  return 'failed';
}

function policyOf(deps: RenewalDeps): RenewalPolicy {
  return deps.renewalPolicy ?? DEFAULT_RENEWAL_POLICY;
}

/**
 * The last retry failed (or a hard decline got no new card): the configured final action
 * (docs/payments.md#failed-renewal-policy). The unpaid box is never sent; `cancel` ends the
 * membership, `skip` keeps it and bills the next cycle as usual, `pause` keeps it paused for
 * MAX_PAUSE_CYCLES renewal dates (the member may resume, with a new card, any time).
 */
async function endUnpaid(
  deps: RenewalDeps,
  tx: Db,
  sub: SubscriptionRow,
  cycle: Pick<BillingCycleRow, 'cycleIndex' | 'startsAt' | 'orderId'>,
  at: Date,
): Promise<'canceled' | 'skipped'> {
  const action = policyOf(deps).finalAction;
  if (action === 'cancel') {
    await cancelUnpaid(tx, sub, cycle, at, deps.webUrl);
    return 'canceled';
  }
  const paused = action === 'pause';
  await store.updateSubscription(tx, sub.id, {
    status: 'active',
    renewalFailures: 0,
    nextRetryAt: null,
    declinedPaymentMethodId: null,
    skipCycles: paused ? MAX_PAUSE_CYCLES : 0,
    paused,
    nextBillingAt: addDays(cycle.startsAt, sub.scheduleDays),
    updatedAt: at,
  });
  if (cycle.orderId)
    await moveOrder(tx, cycle.orderId, ['awaiting_payment'], { status: 'canceled', now: at });
  await store.updateCycle(tx, sub.id, cycle.cycleIndex, { status: 'skipped' });
  await store.recordEvent(tx, {
    subscriptionId: sub.id,
    actor: 'sweeper',
    kind: paused ? 'paused_unpaid' : 'skipped_unpaid',
    detail: { cycleIndex: cycle.cycleIndex },
    at,
  });
  const email = await store.emailOf(tx, sub.identityId);
  if (email) {
    const nextBillingAt = addDays(cycle.startsAt, sub.scheduleDays * (paused ? MAX_PAUSE_CYCLES + 1 : 1));
    await store.queueMail(
      tx,
      `${action}:${sub.id}:${cycle.cycleIndex}`,
      paused
        ? await membershipPausedUnpaidMail(email, nextBillingAt, deps.webUrl)
        : await boxSkippedUnpaidMail(email, nextBillingAt, deps.webUrl),
      at,
    );
  }
  return 'skipped';
}

/** The membership ends, its unpaid box with it. */
async function cancelUnpaid(
  tx: Db,
  sub: SubscriptionRow,
  cycle: Pick<BillingCycleRow, 'cycleIndex' | 'startsAt' | 'orderId'>,
  at: Date,
  webUrl: string,
): Promise<void> {
  const wasCanceled = sub.status === 'canceled';
  await store.updateSubscription(tx, sub.id, {
    status: 'canceled',
    canceledAt: sub.canceledAt ?? at,
    renewalFailures: sub.renewalFailures,
    nextRetryAt: null,
    skipCycles: 0,
    paused: false,
    updatedAt: at,
  });
  if (cycle.orderId)
    await moveOrder(tx, cycle.orderId, ['awaiting_payment'], { status: 'canceled', now: at });
  // Closed: a restart starts a new cycle.
  await store.updateCycle(tx, sub.id, cycle.cycleIndex, { status: 'skipped' });
  if (wasCanceled) return;
  await store.recordEvent(tx, {
    subscriptionId: sub.id,
    actor: 'sweeper',
    kind: 'canceled_unpaid',
    detail: { cycleIndex: cycle.cycleIndex },
    at,
  });
  const email = await store.emailOf(tx, sub.identityId);
  if (email)
    await store.queueMail(
      tx,
      `canceled:${sub.id}:${cycle.cycleIndex}`,
      await membershipCanceledMail(email, webUrl),
      at,
    );
}
