import { randomUUID } from 'node:crypto';
import {
  ASSEMBLY_DAYS,
  BUILD_DEADLINE_DAYS,
  BUILD_YOUR_BOX_STAGE,
  type CycleDates,
  centsToDollars,
  DELIVERY_SCHEDULE_DAYS,
  deliveryScheduleName,
  firstRenewalDate,
  MEMBERSHIP_PLAN_NAME,
  SUBSCRIPTION_STATUS_NAMES,
  type Subscription,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { createSubscriptionsHooks } from './hooks.ts';
import * as repo from './subscriptions.repository.ts';
import type { BillingCycleRow, SubscriptionRow } from './subscriptions.table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `from` plus whole days, in UTC: a cycle is counted in days, not calendar months (docs/product.md#membership-cycle). */
export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** Taste & Review lasts this long after delivery, then Pick Tub until the next billing (docs/product.md#membership-cycle). */
export const REVIEW_DAYS = 7;

/**
 * The 0-based stage of a cycle (docs/product.md#membership-cycle): Billing until the charge
 * succeeds, Build Your Box until the build deadline, Box Assembly until shipped, Box Shipping
 * until delivered, Taste & Review until the first review of the box or 7 days, then Pick Tub
 * until the next billing date.
 */
export function cycleStage(
  subscription: Pick<SubscriptionRow, 'status'>,
  cycle: Pick<BillingCycleRow, 'status' | 'buildDeadlineAt' | 'shippedAt' | 'deliveredAt'> | undefined,
  now: Date,
  /** When the member first reviewed a product of this box after delivery. */
  reviewedAt: Date | null = null,
): number {
  if (cycle?.status !== 'billed' || subscription.status === 'past_due') return 0;
  if (now < cycle.buildDeadlineAt) return BUILD_YOUR_BOX_STAGE;
  if (!cycle.shippedAt || now < cycle.shippedAt) return BUILD_YOUR_BOX_STAGE + 1;
  if (!cycle.deliveredAt || now < cycle.deliveredAt) return BUILD_YOUR_BOX_STAGE + 2;
  if (now < addDays(cycle.deliveredAt, REVIEW_DAYS) && !(reviewedAt && reviewedAt <= now)) {
    return BUILD_YOUR_BOX_STAGE + 3;
  }
  return BUILD_YOUR_BOX_STAGE + 4;
}

/**
 * The moment a membership's stage is read at: now, or a later moment its own cycle has already
 * reached. Outside production the dev clock (POST /api/dev/sweep?at=, docs/decisions/011) can
 * move a cycle ahead of now; in production nothing happens to a cycle after now, so this is now.
 */
export function membershipTime(
  now: Date,
  cycle:
    | Pick<
        BillingCycleRow,
        'billedAt' | 'samplesAutoChosenAt' | 'shippedAt' | 'deliveredAt' | 'reviewWindowClosedAt'
      >
    | undefined,
): Date {
  let time = now.getTime();
  for (const at of [
    cycle?.billedAt,
    cycle?.samplesAutoChosenAt,
    cycle?.shippedAt,
    cycle?.deliveredAt,
    cycle?.reviewWindowClosedAt,
  ]) {
    if (at && at.getTime() > time) time = at.getTime();
  }
  return time === now.getTime() ? now : new Date(time);
}

/**
 * The current cycle's dates for the member: the build deadline as it stands (an early assembly
 * closes it), assembly until the expected ship date (deadline + 5 days, or when it shipped),
 * delivery and the tracking number once known. Null while the cycle is not billed.
 */
export function cycleDatesOf(
  cycle:
    | Pick<BillingCycleRow, 'status' | 'billedAt' | 'buildDeadlineAt' | 'shippedAt' | 'deliveredAt'>
    | undefined,
  trackingNumber: string | null = null,
): CycleDates | null {
  if (cycle?.status !== 'billed' || !cycle.billedAt) return null;
  const assemblyEnd = addDays(cycle.buildDeadlineAt, ASSEMBLY_DAYS);
  return {
    billedDate: cycle.billedAt.toISOString(),
    buildDeadline: cycle.buildDeadlineAt.toISOString(),
    assemblyEndDate: (cycle.shippedAt ?? assemblyEnd).toISOString(),
    expectedShipDate: (cycle.shippedAt ?? assemblyEnd).toISOString(),
    shippedDate: cycle.shippedAt?.toISOString() ?? null,
    deliveredDate: cycle.deliveredAt?.toISOString() ?? null,
    trackingNumber: cycle.shippedAt ? trackingNumber : null,
  };
}

/** The subscription as AuthInfo answers it (docs/api-conventions.md#wire-shapes; misspellings kept). */
export function toSubscription(
  row: SubscriptionRow,
  cycle: BillingCycleRow | undefined,
  now: Date,
  reviewedAt: Date | null = null,
  trackingNumber: string | null = null,
): Subscription {
  return {
    id: row.id,
    susbcriptionName: MEMBERSHIP_PLAN_NAME,
    subscriptionPrice: centsToDollars(row.priceCents),
    handlingFee: centsToDollars(row.handlingFeeCents),
    deliveryScheduleDuration: row.scheduleDays,
    deliveryScheduleDurationName: deliveryScheduleName(row.scheduleDays),
    statusName: row.status === 'active' && row.paused ? 'Paused' : SUBSCRIPTION_STATUS_NAMES[row.status],
    cycleStatus: cycleStage(row, cycle, membershipTime(now, cycle), reviewedAt),
    billingCycleStartDate: row.cycleStartedAt.toISOString(),
    // The next date that charges: skipped and paused renewal dates are passed over.
    isoutcNextBillingDate:
      row.status === 'canceled'
        ? null
        : addDays(row.nextBillingAt, row.skipCycles * row.scheduleDays).toISOString(),
    currentOrderId: row.currentOrderId,
    skippedBoxes: row.status === 'canceled' ? 0 : row.skipCycles,
    cycleDates: row.status === 'canceled' ? null : cycleDatesOf(cycle, trackingNumber),
  };
}

export interface StartMembershipInput {
  identityId: string;
  /** The paid first-box order. */
  orderId: string;
  scheduleIndex: number;
  paidAt: Date;
  priceCents: number;
  handlingFeeCents: number;
  defaultPaymentMethodId: string | null;
}

export type StartMembershipResult =
  | { outcome: 'started' | 'existing'; subscriptionId: string }
  /** The person already has another live membership: this payment cannot start a second one. */
  | { outcome: 'already_member'; subscriptionId: string };

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/** A membership row with its current cycle and what its stage is worked out from. */
export interface MembershipWithCycle {
  subscription: SubscriptionRow;
  cycle: BillingCycleRow | null;
  reviewedAt: Date | null;
  trackingNumber: string | null;
}

/** Memberships: started by the first box's payment; the member area builds the rest of the cycle on them. */
export function createSubscriptionsService({ db, clock }: { db: Db; clock: () => Date }) {
  const liveWithCycle = repo.prepareLiveWithCycle(db);
  const viewOf = (found: MembershipWithCycle): Subscription =>
    toSubscription(
      found.subscription,
      found.cycle ?? undefined,
      clock(),
      found.reviewedAt,
      found.trackingNumber,
    );
  return {
    /** "Membership changed": raised by the member's actions and the cycle engine (the root hands them this one). */
    hooks: createSubscriptionsHooks(),
    /**
     * Inside the payment's transaction: the membership of a paid first box (docs/product.md#membership-cycle:
     * cycle 0 billed, Build Your Box, next billing = paid + 30/45/60 days). Once per order: the
     * same order again answers the membership it started.
     */
    async startMembership(tx: Db, input: StartMembershipInput): Promise<StartMembershipResult> {
      const existing = await repo.findByFirstOrder(tx, input.orderId);
      if (existing) return { outcome: 'existing', subscriptionId: existing.id };
      const live = await repo.findLive(tx, input.identityId);
      if (live) return { outcome: 'already_member', subscriptionId: live.id };
      const days = DELIVERY_SCHEDULE_DAYS[input.scheduleIndex];
      if (days === undefined) throw new Error(`no delivery schedule ${input.scheduleIndex}`);
      // The same rule the checkout states beside Confirm order (docs/product.md#the-renewal-said-before-paying).
      const nextBillingAt = firstRenewalDate(input.paidAt, input.scheduleIndex);
      const id = randomUUID();
      await repo.insertSubscription(tx, {
        id,
        identityId: input.identityId,
        status: 'active',
        scheduleIndex: input.scheduleIndex,
        scheduleDays: days,
        priceCents: input.priceCents,
        handlingFeeCents: input.handlingFeeCents,
        firstOrderId: input.orderId,
        defaultPaymentMethodId: input.defaultPaymentMethodId,
        currentCycleIndex: 0,
        currentOrderId: input.orderId,
        cycleStartedAt: input.paidAt,
        nextBillingAt,
        createdAt: input.paidAt,
        updatedAt: input.paidAt,
      });
      await repo.insertCycle(tx, {
        id: randomUUID(),
        subscriptionId: id,
        cycleIndex: 0,
        status: 'billed',
        orderId: input.orderId,
        startsAt: input.paidAt,
        buildDeadlineAt: addDays(input.paidAt, BUILD_DEADLINE_DAYS),
        billedAt: input.paidAt,
      });
      return { outcome: 'started', subscriptionId: id };
    },

    /** The member's membership as AuthInfo shows it (live, else the latest canceled one), or null. */
    async subscriptionOf(identityId: string): Promise<Subscription | null> {
      const found = await liveWithCycle(identityId);
      return found ? viewOf(found) : null;
    },

    /** A membership read with its cycle elsewhere (AuthInfo reads it with the identity), as AuthInfo answers it. */
    viewOf,

    /** The live membership row (renewals and the member pages read it). */
    liveSubscriptionRow: (identityId: string) => repo.findLive(db, identityId),
    /** All memberships started by this order (tests and the operator read it: at most one). */
    countByFirstOrder: (orderId: string) => repo.countByFirstOrder(db, orderId),
  };
}
