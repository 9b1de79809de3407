import { randomUUID } from 'node:crypto';
import { MAX_PAUSE_CYCLES } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { planChargeCard } from '../../read-models/charge-cards.ts';
import type { Mail } from '../mail/index.ts';
import { findOrderRow } from '../orders/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { addDays, cycleStore as store } from '../subscriptions/index.ts';
import type { CycleBilling } from './billing.ts';
import { chargeOffSession } from './off-session-charge.ts';
import {
  CHARGE_LEASE_MS,
  DEFAULT_RENEWAL_POLICY,
  type RenewalOutcome,
  type RenewalPolicy,
} from './renewals.ts';
import { REMINDER_DAYS } from './sweep.ts';

/*
 * The cycle engine's billing for a kind of recurring plan other than the box memberships (tub
 * plans are the first, docs/product.md#tub-plans). The plan kind keeps its own plans and orders;
 * the engine keeps the billing periods and charge attempts (`plan_periods`, `plan_charges`) and
 * runs the same steps as a box renewal: claim the due period under the plan's row lock, charge it
 * once off-session with the attempt's idempotency key outside any transaction, record the outcome
 * in a second transaction, dunning by the renewal policy, a reminder before each charging date
 * (docs/reliability.md#d3, docs/reliability.md#d4).
 */

/** The billing state every plan kind keeps on its plan row. */
export interface PlanState {
  id: string;
  identityId: string;
  /** `incomplete` until the first period is paid; the sweep never bills an incomplete plan. */
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  nextBillingAt: Date;
  scheduleDays: number;
  skipCycles: number;
  paused: boolean;
  renewalFailures: number;
  nextRetryAt: Date | null;
  declinedPaymentMethodId: string | null;
  defaultPaymentMethodId: string | null;
  canceledAt: Date | null;
}

export type PlanChange = Partial<Omit<PlanState, 'id' | 'identityId'>> & { updatedAt: Date };

export interface PlanPeriod {
  index: number;
  orderId: string;
  startsAt: Date;
}

/** What a plan kind gives the engine: its plan rows, its delivery orders and its mails. */
export interface PlanKind {
  /** The kind's name in the engine's tables and the provider keys (`tub_plan`). */
  kind: string;
  /** Plans with billing work at `at` (active and due, or past due), oldest first. */
  dueIds(db: Db, at: Date, limit: number): Promise<string[]>;
  find(db: Db, planId: string): Promise<PlanState | undefined>;
  /** The plan under its row lock (`FOR UPDATE`, `SKIP LOCKED` when asked). */
  lock(tx: Db, planId: string, options: { skipLocked: boolean }): Promise<PlanState | undefined>;
  update(tx: Db, planId: string, change: PlanChange): Promise<void>;
  /**
   * Inside the claim's transaction: the period's delivery order awaiting its charge (stock held,
   * tax), or why it cannot be made (a tub sold out): that period is skipped without a charge.
   */
  openDelivery(
    tx: Db,
    plan: PlanState,
    period: { index: number; startsAt: Date },
    at: Date,
  ): Promise<{ orderId: string; totalCents: number } | { unavailable: string }>;
  /** The period's charge succeeded: its order is paid (and its receipt queued). */
  deliveryPaid(
    tx: Db,
    plan: PlanState,
    period: PlanPeriod,
    paid: { last4: string | null },
    at: Date,
  ): Promise<void>;
  /** The period's order will never be paid: canceled, its stock back on the shelf. */
  dropDelivery(tx: Db, plan: PlanState, orderId: string, at: Date): Promise<void>;
  /**
   * Plans whose next charging date falls in (from, until], not yet reminded for that date: the
   * reminder's key is `${reminderPrefix}${id}:${epoch ms of next_billing_at}`.
   */
  remindable(
    db: Db,
    from: Date,
    until: Date,
    reminderPrefix: string,
    limit: number,
  ): Promise<{ id: string; email: string; nextBillingAt: Date; amountCents: number }[]>;
  /** The kind's words for the engine's mails; `planId` names the plan each is about, read through `q`. */
  mails: {
    reminder(q: Db, planId: string, to: string, nextBillingAt: Date, amountCents: number): Promise<Mail>;
    paymentFailed(
      q: Db,
      planId: string,
      to: string,
      retryAt: Date | null,
      amountCents: number,
    ): Promise<Mail>;
    canceledUnpaid(q: Db, planId: string, to: string): Promise<Mail>;
    skippedUnpaid(q: Db, planId: string, to: string, nextBillingAt: Date, paused: boolean): Promise<Mail>;
    unavailable(q: Db, planId: string, to: string, reason: string, nextBillingAt: Date): Promise<Mail>;
  };
}

export interface PlanBillingDeps {
  db: Db;
  payments: PaymentProvider;
  renewalPolicy?: RenewalPolicy;
  log?: { error(obj: object, msg: string): void };
}

/** A kind's billing through the engine: the `CycleBilling` steps, and the first period paid otherwise. */
export interface PlanBilling extends CycleBilling {
  readonly kind: string;
  /**
   * The first period paid before the plan started (a pre-order): recorded as billed with its
   * order, inside the caller's transaction; the plan renews from `startsAt`.
   */
  recordPrepaidPeriod(tx: Db, planId: string, period: PlanPeriod, at: Date): Promise<void>;
  /** A plan canceled by its member: its unpaid period (a failed charge) closes, its order dropped. */
  closeUnpaid(tx: Db, plan: PlanState, at: Date): Promise<void>;
  /** Periods of a plan, newest first (for tests and views). */
  periodsOf(db: Db, planId: string): Promise<{ index: number; status: string; orderId: string | null }[]>;
}

type PeriodRow = {
  period_index: number;
  status: 'unbilled' | 'past_due' | 'billed' | 'skipped';
  order_id: string | null;
  starts_at: Date | string;
};

type ChargeJob = {
  chargeId: string;
  planId: string;
  identityId: string;
  period: PlanPeriod;
  key: string;
  amountCents: number;
  card: store.SavedCard | undefined;
};

type Step = { kind: 'none' | 'skipped' | 'canceled' | 'pending' } | { kind: 'charge'; job: ChargeJob };

/** Whether a plan may have billing work at `at` (checked again under the row lock). */
function billingDue(plan: PlanState, at: Date): boolean {
  return plan.status === 'past_due' || (plan.status !== 'canceled' && plan.nextBillingAt <= at);
}

export function createPlanBilling(deps: PlanBillingDeps, kind: PlanKind): PlanBilling {
  const { db } = deps;
  const policy = deps.renewalPolicy ?? DEFAULT_RENEWAL_POLICY;
  const k = kind.kind;

  async function latestPeriod(tx: Db, planId: string): Promise<PeriodRow | undefined> {
    const result = await tx.execute<PeriodRow>(sql`
      SELECT period_index, status, order_id, starts_at FROM plan_periods
      WHERE plan_kind = ${k} AND plan_id = ${planId} ORDER BY period_index DESC LIMIT 1`);
    return result.rows[0];
  }

  async function insertPeriod(
    tx: Db,
    planId: string,
    row: {
      index: number;
      status: PeriodRow['status'];
      orderId: string | null;
      startsAt: Date;
      billedAt?: Date;
    },
  ) {
    await tx.execute(sql`
      INSERT INTO plan_periods (plan_kind, plan_id, period_index, status, order_id, starts_at, billed_at)
      VALUES (${k}, ${planId}, ${row.index}, ${row.status}, ${row.orderId}, ${row.startsAt.toISOString()},
              ${row.billedAt?.toISOString() ?? null})`);
  }

  async function setPeriodStatus(
    tx: Db,
    planId: string,
    index: number,
    status: PeriodRow['status'],
    at?: Date,
  ) {
    await tx.execute(sql`
      UPDATE plan_periods SET status = ${status}, billed_at = coalesce(${at?.toISOString() ?? null}::timestamptz, billed_at)
      WHERE plan_kind = ${k} AND plan_id = ${planId} AND period_index = ${index}`);
  }

  async function lastCharge(tx: Db, planId: string, index: number) {
    const result = await tx.execute<{
      id: string;
      attempt: number;
      status: 'pending' | 'succeeded' | 'failed';
      idempotency_key: string;
      claimed_at: Date | string;
    }>(sql`
      SELECT id, attempt, status, idempotency_key, claimed_at FROM plan_charges
      WHERE plan_kind = ${k} AND plan_id = ${planId} AND period_index = ${index}
      ORDER BY attempt DESC LIMIT 1`);
    const row = result.rows[0];
    return row ? { ...row, attempt: Number(row.attempt), claimedAt: new Date(row.claimed_at) } : undefined;
  }

  /**
   * The card a period is charged with: the plan's own card while it is saved and was not declined,
   * else the member's default card (so a card update is used by the next retry).
   */
  async function cardOf(tx: Db, plan: PlanState): Promise<store.SavedCard | undefined> {
    const row = await planChargeCard(tx, {
      identityId: plan.identityId,
      provider: deps.payments.name,
      defaultPaymentMethodId: plan.defaultPaymentMethodId,
      declinedPaymentMethodId: plan.declinedPaymentMethodId,
    });
    return row
      ? {
          id: row.id,
          providerPaymentMethodId: row.provider_payment_method_id,
          last4: row.last4,
          providerCustomerId: row.provider_customer_id ?? undefined,
        }
      : undefined;
  }

  async function claim(
    tx: Db,
    plan: PlanState,
    period: PlanPeriod,
    attempt: number,
    amountCents: number,
    at: Date,
  ): Promise<Step> {
    const key = `${k}:${plan.id}:${period.index}:${attempt}`;
    const id = randomUUID();
    const claimed = await tx.execute<{ id: string }>(sql`
      INSERT INTO plan_charges (id, plan_kind, plan_id, period_index, attempt, idempotency_key, status, amount_cents, claimed_at)
      VALUES (${id}, ${k}, ${plan.id}, ${period.index}, ${attempt}, ${key}, 'pending', ${amountCents}, ${at.toISOString()})
      ON CONFLICT DO NOTHING RETURNING id`);
    if (!claimed.rows[0]) return { kind: 'pending' };
    const card = await cardOf(tx, plan);
    return {
      kind: 'charge',
      job: { chargeId: id, planId: plan.id, identityId: plan.identityId, period, key, amountCents, card },
    };
  }

  async function queue(
    tx: Db,
    identityId: string,
    key: string,
    build: (to: string) => Promise<Mail>,
    at: Date,
  ) {
    const email = await store.emailOf(tx, identityId);
    if (email) await store.queueMail(tx, key, await build(email), at);
  }

  /** The period's order is closed unpaid: `cancel` ends the plan, `skip`/`pause` keep it (docs/payments.md#failed-renewal-policy). */
  async function endUnpaid(
    tx: Db,
    plan: PlanState,
    period: PlanPeriod,
    at: Date,
  ): Promise<'canceled' | 'skipped'> {
    await kind.dropDelivery(tx, plan, period.orderId, at);
    await setPeriodStatus(tx, plan.id, period.index, 'skipped');
    if (policy.finalAction === 'cancel' || plan.status === 'canceled') {
      const wasCanceled = plan.status === 'canceled';
      await kind.update(tx, plan.id, {
        status: 'canceled',
        canceledAt: plan.canceledAt ?? at,
        nextRetryAt: null,
        skipCycles: 0,
        paused: false,
        updatedAt: at,
      });
      if (!wasCanceled)
        await queue(
          tx,
          plan.identityId,
          `${k}-canceled:${plan.id}:${period.index}`,
          (to) => kind.mails.canceledUnpaid(tx, plan.id, to),
          at,
        );
      return 'canceled';
    }
    const paused = policy.finalAction === 'pause';
    const nextBillingAt = addDays(period.startsAt, plan.scheduleDays);
    await kind.update(tx, plan.id, {
      status: 'active',
      renewalFailures: 0,
      nextRetryAt: null,
      declinedPaymentMethodId: null,
      skipCycles: paused ? MAX_PAUSE_CYCLES : 0,
      paused,
      nextBillingAt,
      updatedAt: at,
    });
    const resumesAt = addDays(period.startsAt, plan.scheduleDays * (paused ? MAX_PAUSE_CYCLES + 1 : 1));
    await queue(
      tx,
      plan.identityId,
      `${k}-${policy.finalAction}:${plan.id}:${period.index}`,
      (to) => kind.mails.skippedUnpaid(tx, plan.id, to, resumesAt, paused),
      at,
    );
    return 'skipped';
  }

  /** A period whose charge is in flight or failed: wait, ask again, retry when due, or the final action. */
  async function continueUnpaid(tx: Db, plan: PlanState, row: PeriodRow, at: Date): Promise<Step> {
    if (!row.order_id) return { kind: 'none' };
    const period = {
      index: Number(row.period_index),
      orderId: row.order_id,
      startsAt: new Date(row.starts_at),
    };
    const amountCents = Number((await findOrderRow(tx, row.order_id))?.totalCents ?? 0);
    const last = await lastCharge(tx, plan.id, period.index);
    if (last?.status === 'pending') {
      if (at.getTime() - last.claimedAt.getTime() < CHARGE_LEASE_MS) return { kind: 'pending' };
      await tx.execute(sql`UPDATE plan_charges SET claimed_at = ${at.toISOString()} WHERE id = ${last.id}`);
      return {
        kind: 'charge',
        job: {
          chargeId: last.id,
          planId: plan.id,
          identityId: plan.identityId,
          period,
          key: last.idempotency_key,
          amountCents,
          card: await cardOf(tx, plan),
        },
      };
    }
    if (plan.status !== 'past_due') return { kind: 'none' };
    const attempt = (last?.attempt ?? 0) + 1;
    if (plan.nextRetryAt && plan.nextRetryAt <= at) return claim(tx, plan, period, attempt, amountCents, at);
    if (plan.declinedPaymentMethodId) {
      const card = await cardOf(tx, plan);
      if (card && card.id !== plan.declinedPaymentMethodId)
        return claim(tx, plan, period, attempt, amountCents, at);
      // A hard decline waits for another card until the last retry date, then the final action.
      if (at >= addDays(period.startsAt, policy.retryDays[policy.retryDays.length - 1] ?? 0)) {
        return { kind: await endUnpaid(tx, plan, period, at) };
      }
    }
    return { kind: 'none' };
  }

  async function charge(job: ChargeJob, at: Date): Promise<RenewalOutcome> {
    // A cancel that committed since the claim wins: nothing is charged after it (docs/reliability.md#d8).
    const current = await kind.find(db, job.planId);
    if (current?.status === 'canceled') {
      await db.execute(sql`UPDATE plan_charges SET status = 'failed', decline_code = 'canceled_before_charge',
        finished_at = ${at.toISOString()} WHERE id = ${job.chargeId} AND status = 'pending'`);
      await db.transaction(async (tx) => {
        const plan = await kind.lock(tx, job.planId, { skipLocked: false });
        if (plan) {
          await kind.dropDelivery(tx, plan, job.period.orderId, at);
          await setPeriodStatus(tx, plan.id, job.period.index, 'skipped');
        }
      });
      return 'none';
    }
    const result = await chargeOffSession(
      deps.payments,
      {
        amountCents: job.amountCents,
        card: job.card,
        key: job.key,
        metadata: {
          plan_kind: k,
          plan_id: job.planId,
          period_index: String(job.period.index),
          plan_order_id: job.period.orderId,
        },
      },
      deps.log,
    );
    if (result.ok === 'unknown') return 'pending';
    return db.transaction(async (tx) => {
      const plan = await kind.lock(tx, job.planId, { skipLocked: false });
      if (!plan) return 'none';
      const recorded = await tx.execute<{ id: string }>(sql`
        UPDATE plan_charges SET status = ${result.ok ? 'succeeded' : 'failed'},
          provider_payment_intent_id = ${result.paymentIntentId ?? null},
          decline_code = ${result.ok ? null : result.code}, finished_at = ${at.toISOString()}
        WHERE id = ${job.chargeId} AND status = 'pending' RETURNING id`);
      if (recorded.rows.length === 0) return 'none';
      if (result.ok) {
        await setPeriodStatus(tx, plan.id, job.period.index, 'billed', at);
        await kind.update(tx, plan.id, {
          // A member who canceled while the charge was in flight keeps the paid delivery, not the plan.
          status: plan.status === 'canceled' ? 'canceled' : 'active',
          nextBillingAt: addDays(job.period.startsAt, plan.scheduleDays),
          renewalFailures: 0,
          nextRetryAt: null,
          declinedPaymentMethodId: null,
          updatedAt: at,
        });
        await kind.deliveryPaid(tx, plan, job.period, { last4: job.card?.last4 ?? null }, at);
        return 'renewed';
      }
      return recordFailed(tx, plan, job, result, at);
    });
  }

  async function recordFailed(
    tx: Db,
    plan: PlanState,
    job: ChargeJob,
    result: { hard: boolean; authentication?: boolean },
    at: Date,
  ): Promise<RenewalOutcome> {
    if (plan.status === 'incomplete') {
      // The first delivery, charged while the member is present: no dunning, the start is refused.
      await kind.dropDelivery(tx, plan, job.period.orderId, at);
      await setPeriodStatus(tx, plan.id, job.period.index, 'skipped');
      return 'failed';
    }
    const failures = plan.renewalFailures + 1;
    await setPeriodStatus(tx, plan.id, job.period.index, 'past_due');
    if (plan.status === 'canceled') return endUnpaid(tx, plan, job.period, at);
    if (failures > policy.retryDays.length) {
      return endUnpaid(tx, { ...plan, renewalFailures: failures }, job.period, at);
    }
    // Off-session authentication is treated as a hard decline: the member adds or confirms a card.
    const hard = result.hard || result.authentication === true;
    const retryAt = hard ? null : addDays(job.period.startsAt, policy.retryDays[failures - 1]!);
    await kind.update(tx, plan.id, {
      status: 'past_due',
      renewalFailures: failures,
      nextRetryAt: retryAt,
      declinedPaymentMethodId: hard ? (job.card?.id ?? plan.defaultPaymentMethodId) : null,
      updatedAt: at,
    });
    await queue(
      tx,
      plan.identityId,
      `${k}-failed:${plan.id}:${job.period.index}:${failures}`,
      (to) => kind.mails.paymentFailed(tx, plan.id, to, retryAt, job.amountCents),
      at,
    );
    return 'failed';
  }

  async function renewDue(planId: string, at: Date): Promise<RenewalOutcome> {
    const before = await kind.find(db, planId);
    if (!before || !billingDue(before, at)) return 'none';
    const step = await db.transaction(async (tx): Promise<Step> => {
      const plan = await kind.lock(tx, planId, { skipLocked: true });
      if (!plan || !billingDue(plan, at)) return { kind: 'none' };
      const latest = await latestPeriod(tx, plan.id);
      if (latest && (latest.status === 'unbilled' || latest.status === 'past_due')) {
        return continueUnpaid(tx, plan, latest, at);
      }
      if (plan.status !== 'active' && plan.status !== 'incomplete') return { kind: 'none' };
      const index = (latest ? Number(latest.period_index) : -1) + 1;
      // A whole period missed (the sweeper was stopped that long) is not billed after the fact.
      const startsAt = addDays(plan.nextBillingAt, plan.scheduleDays) <= at ? at : plan.nextBillingAt;
      if (plan.skipCycles > 0 && plan.status === 'active') {
        await insertPeriod(tx, plan.id, { index, status: 'skipped', orderId: null, startsAt });
        const left = plan.skipCycles - 1;
        await kind.update(tx, plan.id, {
          skipCycles: left,
          paused: left > 0 && plan.paused,
          nextBillingAt: addDays(startsAt, plan.scheduleDays),
          updatedAt: at,
        });
        return { kind: 'skipped' };
      }
      const opened = await kind.openDelivery(tx, plan, { index, startsAt }, at);
      if ('unavailable' in opened) {
        if (plan.status === 'incomplete') throw new PlanDeliveryUnavailable(opened.unavailable);
        const nextBillingAt = addDays(startsAt, plan.scheduleDays);
        await insertPeriod(tx, plan.id, { index, status: 'skipped', orderId: null, startsAt });
        await kind.update(tx, plan.id, { nextBillingAt, updatedAt: at });
        await queue(
          tx,
          plan.identityId,
          `${k}-unavailable:${plan.id}:${index}`,
          (to) => kind.mails.unavailable(tx, plan.id, to, opened.unavailable, nextBillingAt),
          at,
        );
        return { kind: 'skipped' };
      }
      await insertPeriod(tx, plan.id, { index, status: 'unbilled', orderId: opened.orderId, startsAt });
      return claim(tx, plan, { index, orderId: opened.orderId, startsAt }, 1, opened.totalCents, at);
    });
    if (step.kind !== 'charge') return step.kind;
    return charge(step.job, at);
  }

  async function queueReminders(at: Date): Promise<number> {
    const prefix = `reminder:${k}:`;
    let queued = 0;
    for (;;) {
      const rows = await kind.remindable(db, at, addDays(at, REMINDER_DAYS), prefix, 500);
      let now = 0;
      for (const row of rows) {
        const mail = await kind.mails.reminder(db, row.id, row.email, row.nextBillingAt, row.amountCents);
        if (await store.queueMail(db, `${prefix}${row.id}:${row.nextBillingAt.getTime()}`, mail, at)) now++;
      }
      queued += now;
      if (rows.length < 500 || now === 0) return queued;
    }
  }

  return {
    kind: k,
    duePlanIds: (at, limit) => kind.dueIds(db, at, limit),
    renewDue,
    dunning: policy,
    queueReminders,
    async recordPrepaidPeriod(tx, planId, period, at) {
      await insertPeriod(tx, planId, {
        index: period.index,
        status: 'billed',
        orderId: period.orderId,
        startsAt: period.startsAt,
        billedAt: at,
      });
    },
    async closeUnpaid(tx, plan, at) {
      const latest = await latestPeriod(tx, plan.id);
      if (!latest?.order_id || (latest.status !== 'unbilled' && latest.status !== 'past_due')) return;
      const last = await lastCharge(tx, plan.id, Number(latest.period_index));
      // A charge in flight finishes on its own: a success keeps its delivery (docs/reliability.md#d8).
      if (last?.status === 'pending') return;
      await kind.dropDelivery(tx, plan, latest.order_id, at);
      await setPeriodStatus(tx, plan.id, Number(latest.period_index), 'skipped');
    },
    async periodsOf(q, planId) {
      const result = await q.execute<PeriodRow>(sql`
        SELECT period_index, status, order_id, starts_at FROM plan_periods
        WHERE plan_kind = ${k} AND plan_id = ${planId} ORDER BY period_index DESC`);
      return result.rows.map((r) => ({
        index: Number(r.period_index),
        status: r.status,
        orderId: r.order_id,
      }));
    },
  };
}

/** The first delivery of a plan cannot be made now (a tub sold out); nothing was written. */
export class PlanDeliveryUnavailable extends Error {}
