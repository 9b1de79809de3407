import { BUILD_DEADLINE_DAYS, MAX_PAUSE_CYCLES } from '@store/contracts';
import type { Tx } from '../../db/database.ts';
import {
  boxSkippedUnpaidMail,
  membershipCanceledMail,
  membershipPausedUnpaidMail,
  paymentFailedMail,
  renewalReceiptMail,
} from '../mail/index.ts';
import { findOrderRow, moveOrder } from '../orders/index.ts';
import {
  addDays,
  type BillingCycleRow,
  type SubscriptionRow,
  cycleStore as store,
} from '../subscriptions/index.ts';
import { confirmPaymentMail } from './confirm-renewal.mail.tsx';
import type { EngineHooks } from './hooks.ts';
import { renewalReceiptOf } from './receipt-lines.ts';

import {
  type ChargeJob,
  DEFAULT_RENEWAL_POLICY,
  type RenewalDeps,
  type RenewalOutcome,
  type RenewalPolicy,
} from './renewal-policy.ts';

/*
 * What a renewal charge's outcome does to the membership, inside the transaction that records it:
 * paid (the cycle billed, one receipt), failed (past due, the retry days of the policy, the mails)
 * and the end of an unpaid cycle after the last retry (docs/product.md#failed-renewals).
 */

/** A renewal charge succeeded: the cycle is billed, its box paid, the membership active; one receipt. */
export async function recordPaid(
  tx: Tx,
  sub: SubscriptionRow,
  job: ChargeJob,
  at: Date,
  email: string | undefined,
  /** Absolute links in the receipt. */
  webUrl: string,
  hooks: EngineHooks = {},
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
  if (sub.status === 'past_due') {
    await hooks.membershipChanged?.run(tx, {
      subscriptionId: sub.id,
      identityId: sub.identityId,
      kind: 'reactivated',
      actor: 'sweeper',
      at,
    });
  }
  await hooks.renewalPaid?.run(tx, {
    subscriptionId: sub.id,
    identityId: sub.identityId,
    cycleIndex: job.cycleIndex,
    orderId: job.orderId,
    amountCents: job.amountCents,
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

export async function recordFailed(
  deps: RenewalDeps,
  tx: Tx,
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
    await cancelUnpaid(deps, tx, { ...sub, renewalFailures: failures }, cycle, at);
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
  await deps.membershipChanged?.run(tx, {
    subscriptionId: sub.id,
    identityId: sub.identityId,
    kind: 'renewal_failed',
    actor: 'sweeper',
    at,
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

export function policyOf(deps: RenewalDeps): RenewalPolicy {
  return deps.renewalPolicy ?? DEFAULT_RENEWAL_POLICY;
}

/**
 * The last retry failed (or a hard decline got no new card): the configured final action
 * (docs/payments.md#failed-renewal-policy). The unpaid box is never sent; `cancel` ends the
 * membership, `skip` keeps it and bills the next cycle as usual, `pause` keeps it paused for
 * MAX_PAUSE_CYCLES renewal dates (the member may resume, with a new card, any time).
 */
export async function endUnpaid(
  deps: RenewalDeps,
  tx: Tx,
  sub: SubscriptionRow,
  cycle: Pick<BillingCycleRow, 'cycleIndex' | 'startsAt' | 'orderId'>,
  at: Date,
): Promise<'canceled' | 'skipped'> {
  const action = policyOf(deps).finalAction;
  if (action === 'cancel') {
    await cancelUnpaid(deps, tx, sub, cycle, at);
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
  await deps.membershipChanged?.run(tx, {
    subscriptionId: sub.id,
    identityId: sub.identityId,
    kind: paused ? 'paused_unpaid' : 'skipped_unpaid',
    actor: 'sweeper',
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
  deps: Pick<RenewalDeps, 'webUrl' | 'membershipChanged'>,
  tx: Tx,
  sub: SubscriptionRow,
  cycle: Pick<BillingCycleRow, 'cycleIndex' | 'startsAt' | 'orderId'>,
  at: Date,
): Promise<void> {
  const { webUrl } = deps;
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
  await deps.membershipChanged?.run(tx, {
    subscriptionId: sub.id,
    identityId: sub.identityId,
    kind: 'canceled_unpaid',
    actor: 'sweeper',
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
