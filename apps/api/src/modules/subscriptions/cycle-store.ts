import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { defaultOrFallbackCard } from '../../read-models/charge-cards.ts';
import { memberEmail, orderItemNames } from '../../read-models/member-mail.ts';
import type { Mail } from '../mail/index.ts';
import {
  type BillingCycleRow,
  billingCycles,
  type SubscriptionRow,
  subscriptions,
} from './subscriptions.table.ts';

/** Data access of the cycle engine over the memberships' tables (migration 0009); the cycles module reads it through this module's face. */

/** The subscription, locked until the transaction ends; with `skipLocked` another process's row is passed over. */
export async function lockSubscription(
  tx: Db,
  id: string,
  options: { skipLocked?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = tx.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  const [row] = await (options.skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
  return row;
}

/**
 * A member's membership that is not canceled, else their latest one; locked until the
 * transaction ends when `lock` (the steering module's writes, docs/product.md#steering-your-membership).
 */
export async function memberMembership(
  db: Db,
  identityId: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.identityId, identityId))
    .orderBy(sql`(${subscriptions.status} = 'canceled')`, desc(subscriptions.createdAt))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The order of the box a member's live (not canceled) membership is building now, if any. */
export async function liveCurrentOrderId(db: Db, identityId: string): Promise<string | null | undefined> {
  const [live] = await db
    .select({ orderId: subscriptions.currentOrderId })
    .from(subscriptions)
    .where(and(eq(subscriptions.identityId, identityId), sql`${subscriptions.status} <> 'canceled'`))
    .limit(1);
  return live?.orderId;
}

/** The billing cycle whose box is this order, if it is a membership's box. */
export async function cycleOfOrder(db: Db, orderId: string): Promise<BillingCycleRow | undefined> {
  const [cycle] = await db.select().from(billingCycles).where(eq(billingCycles.orderId, orderId)).limit(1);
  return cycle;
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

export async function updateSubscription(
  tx: Db,
  id: string,
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<void> {
  await tx.update(subscriptions).set(set).where(eq(subscriptions.id, id));
}

export async function latestCycle(tx: Db, subscriptionId: string): Promise<BillingCycleRow | undefined> {
  const [row] = await tx
    .select()
    .from(billingCycles)
    .where(eq(billingCycles.subscriptionId, subscriptionId))
    .orderBy(desc(billingCycles.cycleIndex))
    .limit(1);
  return row;
}

export async function updateCycle(
  tx: Db,
  subscriptionId: string,
  cycleIndex: number,
  set: Partial<typeof billingCycles.$inferInsert>,
): Promise<void> {
  await tx
    .update(billingCycles)
    .set(set)
    .where(and(eq(billingCycles.subscriptionId, subscriptionId), eq(billingCycles.cycleIndex, cycleIndex)));
}

export async function insertCycle(tx: Db, row: Omit<typeof billingCycles.$inferInsert, 'id'>): Promise<void> {
  await tx.insert(billingCycles).values({ id: randomUUID(), ...row });
}

export interface ChargeRow {
  id: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  idempotencyKey: string;
  claimedAt: Date;
}

/** The latest charge attempt of a cycle. */
export async function lastCharge(
  tx: Db,
  subscriptionId: string,
  cycleIndex: number,
): Promise<ChargeRow | undefined> {
  const result = await tx.execute<{
    id: string;
    attempt: number;
    status: ChargeRow['status'];
    idempotency_key: string;
    claimed_at: Date | string;
  }>(sql`SELECT id, attempt, status, idempotency_key, claimed_at FROM renewal_charges
         WHERE subscription_id = ${subscriptionId} AND cycle_index = ${cycleIndex}
         ORDER BY attempt DESC LIMIT 1`);
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        attempt: Number(row.attempt),
        status: row.status,
        idempotencyKey: row.idempotency_key,
        claimedAt: new Date(row.claimed_at),
      }
    : undefined;
}

/** Claims a charge attempt; false when another process claimed the same attempt first. */
export async function claimCharge(
  tx: Db,
  input: {
    subscriptionId: string;
    cycleIndex: number;
    attempt: number;
    key: string;
    amountCents: number;
    at: Date;
  },
): Promise<string | undefined> {
  const id = randomUUID();
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO renewal_charges (id, subscription_id, cycle_index, attempt, idempotency_key, status, amount_cents, claimed_at)
    VALUES (${id}, ${input.subscriptionId}, ${input.cycleIndex}, ${input.attempt}, ${input.key}, 'pending',
            ${input.amountCents}, ${input.at.toISOString()})
    ON CONFLICT DO NOTHING RETURNING id`);
  return result.rows[0]?.id;
}

/** Renews the lease of a stale pending attempt (a process died between charging and recording). */
export async function reclaimCharge(tx: Db, chargeId: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE renewal_charges SET claimed_at = ${at.toISOString()} WHERE id = ${chargeId}`);
}

/** Records a pending attempt's outcome once; false when it was already recorded. */
export async function finishCharge(
  tx: Db,
  chargeId: string,
  outcome: { status: 'succeeded' | 'failed'; paymentIntentId?: string; declineCode?: string; at: Date },
): Promise<boolean> {
  const result = await tx.execute<{ id: string }>(sql`
    UPDATE renewal_charges SET status = ${outcome.status}, provider_payment_intent_id = ${outcome.paymentIntentId ?? null},
      decline_code = ${outcome.declineCode ?? null}, finished_at = ${outcome.at.toISOString()}
    WHERE id = ${chargeId} AND status = 'pending' RETURNING id`);
  return result.rows.length > 0;
}

export interface SavedCard {
  /** Our payment_methods row. */
  id: string;
  providerPaymentMethodId: string;
  last4: string;
  providerCustomerId: string | undefined;
}

/** The member's default card (the one /billing shows), else the card the membership started with. */
export async function defaultCard(
  db: Db,
  identityId: string,
  fallbackId: string | null,
  provider: string,
): Promise<SavedCard | undefined> {
  const row = await defaultOrFallbackCard(db, identityId, fallbackId, provider);
  return row
    ? {
        id: row.id,
        providerPaymentMethodId: row.provider_payment_method_id,
        last4: row.last4,
        providerCustomerId: row.provider_customer_id ?? undefined,
      }
    : undefined;
}

/** The member's address (read through read-models/member-mail.ts). */
export async function emailOf(db: Db, identityId: string): Promise<string | undefined> {
  return memberEmail(db, identityId);
}

/** An audit record of a change to a membership. */
export async function recordEvent(
  tx: Db,
  event: {
    subscriptionId: string;
    actor: 'member' | 'sweeper' | 'operator';
    kind: string;
    detail?: object;
    at: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO subscription_events (id, subscription_id, actor, kind, detail, created_at)
    VALUES (${randomUUID()}, ${event.subscriptionId}, ${event.actor}, ${event.kind},
            ${JSON.stringify(event.detail ?? {})}::jsonb, ${event.at.toISOString()})`);
}

/**
 * The products of an order as a person reads them, samples' prime picks first:
 * "Verdant Roots Organic Plant Protein, Dark Chocolate", with "x2" when a cart line holds more.
 */
export async function itemNamesOf(
  tx: Db,
  orderId: string,
  /** The box's samples (default), or the tubs added to it (docs/product.md#next-box-extras). */
  tubs = false,
): Promise<string[]> {
  return orderItemNames(tx, orderId, tubs);
}

/** Queues a mail once per `dedupeKey`, in the transaction of the change that causes it. */
export async function queueMail(tx: Db, dedupeKey: string, mail: Mail, at: Date): Promise<boolean> {
  const result = await tx.execute<{ dedupe_key: string }>(sql`
    INSERT INTO cycle_mails (dedupe_key, kind, to_address, subject, html, text, created_at)
    VALUES (${dedupeKey}, ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${at.toISOString()})
    ON CONFLICT (dedupe_key) DO NOTHING RETURNING dedupe_key`);
  return result.rows.length > 0;
}

/** Takes up to `limit` unsent mails, marking them sent (at most once: a crash loses a mail, never doubles it). */
export async function takeUnsentMails(db: Db, at: Date, limit = 50): Promise<Mail[]> {
  const result = await db.execute<{
    kind: string;
    to_address: string;
    subject: string;
    html: string;
    text: string;
  }>(sql`
    UPDATE cycle_mails SET sent_at = ${at.toISOString()}
    WHERE dedupe_key IN (
      SELECT dedupe_key FROM cycle_mails WHERE sent_at IS NULL ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING kind, to_address, subject, html, text`);
  return result.rows.map((r) => ({
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    html: r.html,
    text: r.text,
  }));
}

/*
 * The sweeper's and the fulfilment's reads and writes of billing cycles, here so the cycles
 * module never imports the memberships' tables (ARCHITECTURE.md#the-rules-the-lint-checks).
 */

/** Memberships with renewal work at `at` (past due, or active and due), oldest billing date first. */
export function dueSubscriptionIds(db: Db, at: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      or(
        eq(subscriptions.status, 'past_due'),
        and(eq(subscriptions.status, 'active'), lte(subscriptions.nextBillingAt, at)),
      ),
    )
    .orderBy(subscriptions.nextBillingAt)
    .limit(limit);
}

/** Billed cycles past their build deadline whose open samples the store has not chosen yet. */
export function cyclesMissingSamples(
  db: Db,
  at: Date,
  limit: number,
): Promise<{ id: string; orderId: string | null; identityId: string }[]> {
  return db
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
    .limit(limit);
}

/** Locks a cycle whose samples are still open; undefined when chosen already or locked by another process. */
export async function lockCycleWithOpenSamples(tx: Db, cycleId: string): Promise<{ id: string } | undefined> {
  const [locked] = await tx
    .select({ id: billingCycles.id })
    .from(billingCycles)
    .where(and(eq(billingCycles.id, cycleId), isNull(billingCycles.samplesAutoChosenAt)))
    .for('update', { skipLocked: true });
  return locked;
}

export async function markSamplesAutoChosen(tx: Db, cycleId: string, at: Date): Promise<void> {
  await tx.update(billingCycles).set({ samplesAutoChosenAt: at }).where(eq(billingCycles.id, cycleId));
}

/** The billed cycle of a box order, locked. */
export async function lockBilledCycleOfOrder(tx: Db, orderId: string): Promise<BillingCycleRow | undefined> {
  const [cycle] = await tx
    .select()
    .from(billingCycles)
    .where(and(eq(billingCycles.orderId, orderId), eq(billingCycles.status, 'billed')))
    .for('update');
  return cycle;
}

/** Marks the billed cycle of a box order shipped at `at`, once; undefined when it was not billed or shipped already. */
export async function markCycleShipped(
  tx: Db,
  orderId: string,
  at: Date,
): Promise<BillingCycleRow | undefined> {
  const [cycle] = await tx
    .update(billingCycles)
    .set({ shippedAt: at })
    .where(
      and(
        eq(billingCycles.orderId, orderId),
        eq(billingCycles.status, 'billed'),
        isNull(billingCycles.shippedAt),
      ),
    )
    .returning();
  return cycle;
}

export async function closeBuildWindow(tx: Db, cycleId: string, at: Date): Promise<void> {
  await tx.update(billingCycles).set({ buildDeadlineAt: at }).where(eq(billingCycles.id, cycleId));
}

/** Marks the cycle of a box order delivered at `at`, once; undefined when delivered already. */
export async function markCycleDelivered(
  tx: Db,
  orderId: string,
  at: Date,
): Promise<BillingCycleRow | undefined> {
  const [cycle] = await tx
    .update(billingCycles)
    .set({ deliveredAt: at })
    .where(and(eq(billingCycles.orderId, orderId), isNull(billingCycles.deliveredAt)))
    .returning();
  return cycle;
}

/** Events a member-side rule recorded as the member's that the operator did (the back office's actions). */
export async function markEventsByOperator(
  tx: Db,
  eventIds: readonly string[],
  operatorEmail: string,
): Promise<void> {
  if (eventIds.length === 0) return;
  await tx.execute(sql`
          UPDATE subscription_events
          SET actor = 'operator', detail = detail || ${JSON.stringify({ operator: operatorEmail })}::jsonb
          WHERE id IN (${sql.join(
            eventIds.map((e) => sql`${e}`),
            sql`, `,
          )})`);
}

/** A disputed payment flags the member's membership (the first dispute's time is kept). */
export async function flagDisputed(tx: Db, subscriptionId: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE subscriptions SET disputed_at = coalesce(disputed_at, ${at.toISOString()})
        WHERE id = ${subscriptionId}`);
}

/** A new default card becomes the one the member's live memberships renew with (the checkout's card change). */
export async function useCardForLiveMemberships(
  tx: Db,
  identityId: string,
  paymentMethodId: string,
  at: Date,
): Promise<void> {
  await tx.execute(sql`UPDATE subscriptions SET default_payment_method_id = ${paymentMethodId}, updated_at = ${at}
          WHERE identity_id = ${identityId} AND status IN ('active', 'past_due')`);
}

/** When the cycle's box was assembled, if it was (read under the lock the caller holds on the cycle). */
export async function assembledAtOf(tx: Db, cycleId: string): Promise<unknown> {
  const assembled = await tx.execute<{ assembled_at: unknown }>(
    sql`SELECT assembled_at FROM billing_cycles WHERE id = ${cycleId}`,
  );
  return assembled.rows[0]?.assembled_at;
}

/** The cycle's box is assembled: its samples count as chosen and its build window closes now, if not before. */
export async function markCycleAssembled(tx: Db, cycleId: string, at: Date): Promise<void> {
  const iso = at.toISOString();
  await tx.execute(sql`
    UPDATE billing_cycles
    SET assembled_at = ${iso}::timestamptz,
        samples_auto_chosen_at = COALESCE(samples_auto_chosen_at, ${iso}::timestamptz),
        build_deadline_at = LEAST(build_deadline_at, ${iso}::timestamptz)
    WHERE id = ${cycleId}`);
}

/** A renewal waiting for the member to confirm it with their bank (docs/reliability.md#d6). */
export interface AwaitingConfirmation {
  subscriptionId: string;
  cycleIndex: number;
  orderId: string;
  startsAt: Date;
  chargeKey: string;
  attempt: number;
  paymentIntentId: string;
}

/** The member's past-due membership's cycle awaiting them, with its latest charge that has a payment intent. */
export async function awaitingConfirmation(
  db: Db,
  identityId: string,
): Promise<AwaitingConfirmation | undefined> {
  const result = await db.execute<{
    subscription_id: string;
    cycle_index: number;
    order_id: string;
    starts_at: Date | string;
    idempotency_key: string;
    attempt: number;
    provider_payment_intent_id: string;
  }>(sql`
    SELECT s.id AS subscription_id, c.cycle_index, c.order_id, c.starts_at, r.idempotency_key, r.attempt,
           r.provider_payment_intent_id
    FROM subscriptions s
    JOIN billing_cycles c ON c.subscription_id = s.id AND c.status = 'awaiting_customer'
    JOIN renewal_charges r ON r.subscription_id = s.id AND r.cycle_index = c.cycle_index
    WHERE s.identity_id = ${identityId} AND s.status = 'past_due' AND c.order_id IS NOT NULL
      AND r.provider_payment_intent_id IS NOT NULL
    ORDER BY c.cycle_index DESC, r.attempt DESC LIMIT 1`);
  const row = result.rows[0];
  return row
    ? {
        subscriptionId: row.subscription_id,
        cycleIndex: Number(row.cycle_index),
        orderId: row.order_id,
        startsAt: new Date(row.starts_at),
        chargeKey: row.idempotency_key,
        attempt: Number(row.attempt),
        paymentIntentId: row.provider_payment_intent_id,
      }
    : undefined;
}

/**
 * Outside production (the sweep's dates): the billed cycles whose assembly ended by `at` are
 * marked shipped at that end, those another process holds passed over; answers them.
 */
export async function markDueBoxesShipped(
  tx: Db,
  at: Date,
  assemblyDays: number,
): Promise<{ subscription_id: string; order_id: string; shipped_at: Date | string }[]> {
  const iso = at.toISOString();
  const shipped = await tx.execute<{
    subscription_id: string;
    order_id: string;
    shipped_at: Date | string;
  }>(sql`
      UPDATE billing_cycles SET shipped_at = build_deadline_at + make_interval(days => ${assemblyDays})
      WHERE id IN (SELECT id FROM billing_cycles
                   WHERE status = 'billed' AND shipped_at IS NULL AND order_id IS NOT NULL
                     AND build_deadline_at + make_interval(days => ${assemblyDays}) <= ${iso}::timestamptz
                   FOR UPDATE SKIP LOCKED)
      RETURNING subscription_id, order_id, shipped_at`);
  return shipped.rows;
}

/** Outside production: the shipped cycles delivered `deliveryDays` after shipping, by `at`; answers their orders. */
export async function markDueBoxesDelivered(
  tx: Db,
  at: Date,
  deliveryDays: number,
): Promise<{ order_id: string }[]> {
  const iso = at.toISOString();
  const delivered = await tx.execute<{ order_id: string }>(sql`
      UPDATE billing_cycles SET delivered_at = shipped_at + make_interval(days => ${deliveryDays})
      WHERE id IN (SELECT id FROM billing_cycles
                   WHERE delivered_at IS NULL AND shipped_at IS NOT NULL
                     AND shipped_at + make_interval(days => ${deliveryDays}) <= ${iso}::timestamptz
                   FOR UPDATE SKIP LOCKED)
      RETURNING order_id`);
  return delivered.rows;
}

/** Closes the review windows that ended by `at` (at their end); answers how many. */
export async function closeDueReviewWindows(db: Db, at: Date, reviewDays: number): Promise<number> {
  const closed = await db.execute<{ id: string }>(sql`
    UPDATE billing_cycles SET review_window_closed_at = delivered_at + make_interval(days => ${reviewDays})
    WHERE review_window_closed_at IS NULL AND delivered_at IS NOT NULL
      AND delivered_at + make_interval(days => ${reviewDays}) <= ${at.toISOString()}::timestamptz
    RETURNING id`);
  return closed.rows.length;
}
