import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * What the back office's refunds and disputes read of the payments (docs/reliability.md#c12): the
 * charge that paid an order (at checkout, at a membership's renewal or a plan's period), whose
 * order and membership a provider's payment intent was, and whether the store itself refunded one
 * (the checkout's outbox). Read-only over the checkout's, memberships' and cycle engine's tables;
 * a `db` may be the transaction that records the refund or dispute.
 */

export interface Charge {
  paymentIntentId: string;
  amountCents: number;
}

/** The succeeded charge that paid an order: at checkout, or by the cycle engine for a renewal. */
export async function chargeOfOrder(db: Db, orderId: string): Promise<Charge | undefined> {
  const result = await db.execute<{ pi: string; amount_cents: number }>(sql`
    SELECT provider_payment_intent_id AS pi, amount_cents FROM payment_attempts
    WHERE order_id = ${orderId} AND status = 'succeeded' AND provider_payment_intent_id IS NOT NULL
    UNION ALL
    SELECT rc.provider_payment_intent_id AS pi, rc.amount_cents FROM renewal_charges rc
    JOIN billing_cycles bc ON bc.subscription_id = rc.subscription_id AND bc.cycle_index = rc.cycle_index
    WHERE bc.order_id = ${orderId} AND rc.status = 'succeeded' AND rc.provider_payment_intent_id IS NOT NULL
    UNION ALL
    SELECT pc.provider_payment_intent_id AS pi, pc.amount_cents FROM plan_charges pc
    JOIN plan_periods pp ON pp.plan_kind = pc.plan_kind AND pp.plan_id = pc.plan_id AND pp.period_index = pc.period_index
    WHERE pp.order_id = ${orderId} AND pc.status = 'succeeded' AND pc.provider_payment_intent_id IS NOT NULL
    LIMIT 1`);
  const row = result.rows[0];
  return row ? { paymentIntentId: row.pi, amountCents: Number(row.amount_cents) } : undefined;
}

/** The order, member and membership a disputed payment intent paid for (checkout or renewal). */
export async function disputedPaymentOwner(
  db: Db,
  paymentIntentId: string,
): Promise<
  { order_id: string | null; identity_id: string | null; subscription_id: string | null } | undefined
> {
  const found = await db.execute<{
    order_id: string | null;
    identity_id: string | null;
    subscription_id: string | null;
  }>(sql`
          SELECT pa.order_id, pa.identity_id,
            (SELECT s.id FROM subscriptions s WHERE s.identity_id = pa.identity_id
             ORDER BY s.created_at DESC LIMIT 1) AS subscription_id
          FROM payment_attempts pa WHERE pa.provider_payment_intent_id = ${paymentIntentId}
          UNION ALL
          SELECT bc.order_id, s.identity_id, s.id FROM renewal_charges rc
          JOIN subscriptions s ON s.id = rc.subscription_id
          LEFT JOIN billing_cycles bc ON bc.subscription_id = rc.subscription_id AND bc.cycle_index = rc.cycle_index
          WHERE rc.provider_payment_intent_id = ${paymentIntentId}
          LIMIT 1`);
  return found.rows[0];
}

/** The order a payment intent paid (at checkout or at a renewal), if it is one of the store's. */
export async function orderOfPaymentIntent(db: Db, paymentIntentId: string): Promise<string | undefined> {
  const owner = await db.execute<{ order_id: string }>(sql`
      SELECT order_id FROM payment_attempts WHERE provider_payment_intent_id = ${paymentIntentId}
      UNION ALL
      SELECT bc.order_id FROM renewal_charges rc
      JOIN billing_cycles bc ON bc.subscription_id = rc.subscription_id AND bc.cycle_index = rc.cycle_index
      WHERE rc.provider_payment_intent_id = ${paymentIntentId} AND bc.order_id IS NOT NULL
      LIMIT 1`);
  return owner.rows[0]?.order_id;
}

/** Whether the store itself refunds this payment intent (a charge it could not keep, C11). */
export async function isStoreOwnRefund(db: Db, paymentIntentId: string): Promise<boolean> {
  const ownRefund = await db.execute(sql`
      SELECT 1 FROM outbox WHERE kind = 'refund' AND payload->>'paymentIntentId' = ${paymentIntentId} LIMIT 1`);
  return ownRefund.rows.length > 0;
}
