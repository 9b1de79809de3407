import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { TubPlanRow } from '../modules/tub-plans/tub-plans.table.ts';

/*
 * What the tub plans (docs/product.md#tub-plans) read beside their own tables: the plans to
 * remind with their members' addresses, the pre-orders (orders of kind `pre_order`) with their
 * members, one locked (`FOR UPDATE`) in the caller's transaction while a claim or a refund takes
 * it, a delivery order's lines and amounts, and the member's saved cards. Read-only; the orders,
 * refunds and cards are written by their own modules.
 */

/** Active plans charging in (from, until] not yet reminded for that date (key `${prefix}${id}:${ms}`). */
export async function remindable(db: Db, from: Date, until: Date, prefix: string, limit: number) {
  const result = await db.execute<{
    id: string;
    identity_id: string;
    email: string;
    next_billing_at: Date | string;
  }>(sql`
    SELECT p.id, p.identity_id, i.email, p.next_billing_at
    FROM tub_plans p JOIN identities i ON i.id = p.identity_id
    WHERE p.status = 'active' AND p.skip_cycles = 0
      AND p.next_billing_at > ${from.toISOString()}::timestamptz
      AND p.next_billing_at <= ${until.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM cycle_mails m WHERE m.dedupe_key =
            ${prefix} || p.id || ':' || floor(extract(epoch FROM p.next_billing_at) * 1000)::bigint)
    ORDER BY p.next_billing_at
    LIMIT ${limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    identityId: r.identity_id,
    email: r.email,
    nextBillingAt: new Date(r.next_billing_at),
  }));
}

/** A paid pre-order of a tub plan, as the launch reads it (orders of kind `pre_order`). */
export interface PreOrderRow {
  id: string;
  identityId: string;
  plan: 'flex' | 'max';
  status: string;
  orderNumber: string;
  totalCents: number;
  paidAt: Date | null;
  paymentMethodLast4: string | null;
  shipping: TubPlanRow['shipping'];
  email: string;
}

const PRE_ORDER_COLUMNS = sql`o.id, o.identity_id, o.plan, o.status, o.order_number, o.total_cents, o.paid_at,
  o.payment_method_last4, o.shipping, i.email`;

function toPreOrder(r: Record<string, unknown>): PreOrderRow {
  return {
    id: String(r.id),
    identityId: String(r.identity_id),
    plan: r.plan as 'flex' | 'max',
    status: String(r.status),
    orderNumber: String(r.order_number),
    totalCents: Number(r.total_cents),
    paidAt: r.paid_at ? new Date(r.paid_at as string) : null,
    paymentMethodLast4: (r.payment_method_last4 as string | null) ?? null,
    shipping: (r.shipping as TubPlanRow['shipping']) ?? null,
    email: String(r.email),
  };
}

/** Paid pre-orders no plan has claimed (all of them, or one member's). */
export async function unclaimedPreOrders(db: Db, identityId?: string): Promise<PreOrderRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${PRE_ORDER_COLUMNS} FROM orders o JOIN identities i ON i.id = o.identity_id
    WHERE o.kind = 'pre_order' AND o.status = 'paid'
      AND NOT EXISTS (SELECT 1 FROM tub_plans p WHERE p.pre_order_id = o.id)
      ${identityId ? sql`AND o.identity_id = ${identityId}` : sql``}
    ORDER BY o.paid_at, o.id`);
  return result.rows.map(toPreOrder);
}

/** The pre-order under its row lock (a claim and the 30-day refund never both take it). */
export async function lockPreOrder(
  tx: Db,
  orderId: string,
  skipLocked = false,
): Promise<PreOrderRow | undefined> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    SELECT ${PRE_ORDER_COLUMNS} FROM orders o JOIN identities i ON i.id = o.identity_id
    WHERE o.id = ${orderId} AND o.kind = 'pre_order'
    FOR UPDATE OF o ${skipLocked ? sql`SKIP LOCKED` : sql``}`);
  const row = result.rows[0];
  return row ? toPreOrder(row) : undefined;
}

export async function findPreOrder(db: Db, orderId: string): Promise<PreOrderRow | undefined> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${PRE_ORDER_COLUMNS} FROM orders o JOIN identities i ON i.id = o.identity_id
    WHERE o.id = ${orderId} AND o.kind = 'pre_order'`);
  const row = result.rows[0];
  return row ? toPreOrder(row) : undefined;
}

/** Pre-orders taken for a refund whose refund row was never written (a process stopped between). */
export async function preOrdersAwaitingRefund(db: Db): Promise<{ id: string }[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT o.id FROM orders o WHERE o.kind = 'pre_order' AND o.status = 'refund_pending'
      AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id)`);
  return result.rows;
}

/** The saved card named by our id or the provider's, of this member. */
export async function findCard(db: Db, identityId: string, provider: string, ref: string) {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id FROM payment_methods WHERE identity_id = ${identityId} AND provider = ${provider}
      AND (id::text = ${ref} OR provider_payment_method_id = ${ref}) LIMIT 1`);
  return result.rows[0]?.id;
}

/** The tub plan delivery order's lines (for its receipt). */
export async function orderLines(db: Db, orderId: string) {
  const result = await db.execute<{
    product_id: number;
    quantity: number;
    price_cents: number;
    list_price_cents: number | null;
  }>(sql`SELECT product_id, quantity, price_cents, list_price_cents FROM order_items
         WHERE order_id = ${orderId} ORDER BY price_cents DESC, product_id`);
  return result.rows.map((r) => ({
    productId: Number(r.product_id),
    quantity: Number(r.quantity),
    priceCents: Number(r.price_cents),
    listPriceCents: r.list_price_cents === null ? null : Number(r.list_price_cents),
  }));
}

export async function orderRow(db: Db, orderId: string) {
  const result = await db.execute<{
    order_number: string;
    price_cents: number;
    tax_cents: number;
    credit_cents: number;
    total_cents: number;
    payment_method_last4: string | null;
    shipping: TubPlanRow['shipping'];
  }>(sql`SELECT order_number, price_cents, tax_cents, credit_cents, total_cents, payment_method_last4, shipping
         FROM orders WHERE id = ${orderId}`);
  return result.rows[0];
}

export async function emailOf(db: Db, identityId: string): Promise<string | undefined> {
  const result = await db.execute<{ email: string }>(
    sql`SELECT email FROM identities WHERE id = ${identityId}`,
  );
  return result.rows[0]?.email;
}

export async function orderStatus(db: Db, orderId: string): Promise<string | undefined> {
  const result = await db.execute<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${orderId}`);
  return result.rows[0]?.status;
}

/** The member's default saved card with this provider (our id). */
export async function defaultCardId(
  db: Db,
  identityId: string,
  provider: string,
): Promise<string | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id FROM payment_methods WHERE identity_id = ${identityId} AND provider = ${provider}
    ORDER BY is_default DESC, created_at DESC LIMIT 1`);
  return result.rows[0]?.id;
}

/** Whether the member holds a paid tub plan pre-order (claimed or not): they may choose any tub. */
export async function holdsPreOrder(db: Db, identityId: string): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id FROM orders WHERE identity_id = ${identityId} AND kind = 'pre_order' AND status = 'paid' LIMIT 1`);
  return result.rows.length > 0;
}
