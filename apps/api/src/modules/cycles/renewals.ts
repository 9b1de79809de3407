import { BUILD_DEADLINE_DAYS } from '@store/contracts';
import type { Db, Tx } from '../../db/database.ts';
import { createCycleOrder, findOrderRow, sampledProductIds } from '../orders/index.ts';
import {
  addDays,
  type BillingCycleRow,
  type SubscriptionRow,
  cycleStore as store,
} from '../subscriptions/index.ts';
import { type ChargeResult, chargeOffSession } from './off-session-charge.ts';
import { choose } from './picks.ts';
import { endUnpaid, policyOf, recordFailed, recordPaid } from './renewal-outcomes.ts';
import { CHARGE_LEASE_MS, type ChargeJob, type RenewalDeps, type RenewalOutcome } from './renewal-policy.ts';

/*
 * One renewal step of a box membership: the due cycle claimed under the membership's row lock,
 * the provider called outside any transaction, the outcome handed to `renewal-outcomes.ts`. The
 * policy and shapes are in `renewal-policy.ts`, re-exported here for the module's face.
 */

export {
  CHARGE_LEASE_MS,
  type ChargeJob,
  DEFAULT_RENEWAL_POLICY,
  type FinalRenewalAction,
  type RenewalDeps,
  type RenewalOutcome,
  type RenewalPolicy,
} from './renewal-policy.ts';

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
  tx: Tx,
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
      await recordPaid(tx, sub, job, at, email, deps.webUrl, deps);
      return 'renewed';
    }
    return recordFailed(deps, tx, sub, job, result, at, email);
  });
}
