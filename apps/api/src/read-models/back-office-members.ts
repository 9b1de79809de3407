import type { AdminMemberListQuery } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The back office's members (docs/product.md#back-office): the search over people with their
 * latest membership and flags, and one member's whole story (identity, membership, cycles, orders,
 * payments at checkout and at renewal, disputes, reviews, referrals). Read-only over the accounts,
 * memberships, orders, checkout, reviews, catalog and back-office tables; the operator's changes
 * go through the owning modules. A `db` may be the transaction about to change the membership.
 */

type Raw = Record<string, unknown>;

/** `%` and `_` typed by the operator are literal in the search. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER_BY: Record<AdminMemberListQuery['sort'], string[]> = {
  joined: ['i.created_at'],
  email: ['i.email'],
  name: ["lower(coalesce(i.last_name, ''))", "lower(coalesce(i.first_name, ''))"],
};

/** Whether the member exists; `lock` holds their identity row for the caller's transaction. */
export async function memberExists(db: Db, identityId: string, lock = false): Promise<boolean> {
  const identity = await db.execute(
    lock
      ? sql`SELECT id FROM identities WHERE id = ${identityId} FOR UPDATE`
      : sql`SELECT id FROM identities WHERE id = ${identityId}`,
  );
  return identity.rows.length > 0;
}

/** The member's latest membership row (a live one before a canceled one). */
export async function latestMembership(db: Db, identityId: string): Promise<Raw | undefined> {
  const result = await db.execute<Raw>(sql`
      SELECT * FROM subscriptions WHERE identity_id = ${identityId}
      ORDER BY (status = 'canceled'), created_at DESC LIMIT 1`);
  return result.rows[0];
}

/** The ids of a membership's history events. */
export async function membershipEventIds(db: Db, subscriptionId: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`SELECT id FROM subscription_events WHERE subscription_id = ${subscriptionId}`,
  );
  return rows.rows.map((r) => String(r.id));
}

/** The member's identity as the member page shows it. */
export async function memberIdentity(db: Db, identityId: string): Promise<Raw | undefined> {
  const [identity] = (
    await db.execute<Raw>(sql`
        SELECT id, email, first_name, last_name, phone_number, email_verified_at, is_email_subscribed,
          referral_code, referred_by_code, created_at
        FROM identities WHERE id = ${identityId}`)
  ).rows;
  return identity;
}

/** Everything the member page lists under the identity and the membership, newest first. */
export async function memberHistory(
  db: Db,
  identity: { id: string; referralCode: string; referredByCode: string | null },
  subscriptionId: string | undefined,
) {
  const identityId = identity.id;
  const [cycles, orders, attempts, renewals, disputes, reviews, referredBy, referred] = await Promise.all([
    subscriptionId
      ? db.execute<Raw>(sql`
              SELECT cycle_index, status, order_id, starts_at, billed_at, shipped_at, delivered_at
              FROM billing_cycles WHERE subscription_id = ${subscriptionId} ORDER BY cycle_index DESC LIMIT 50`)
      : Promise.resolve({ rows: [] as Raw[] }),
    db.execute<Raw>(sql`
          SELECT id, order_number, kind, status, total_cents, paid_at, created_at FROM orders
          WHERE identity_id = ${identityId} AND status <> 'draft' ORDER BY created_at DESC LIMIT 50`),
    db.execute<Raw>(sql`
          SELECT order_id, provider_payment_intent_id, amount_cents, status, decline_code, created_at
          FROM payment_attempts WHERE identity_id = ${identityId} ORDER BY created_at DESC LIMIT 50`),
    db.execute<Raw>(sql`
          SELECT bc.order_id, rc.provider_payment_intent_id, rc.amount_cents, rc.status, rc.decline_code,
            rc.claimed_at AS created_at
          FROM renewal_charges rc JOIN subscriptions s ON s.id = rc.subscription_id
          LEFT JOIN billing_cycles bc ON bc.subscription_id = rc.subscription_id AND bc.cycle_index = rc.cycle_index
          WHERE s.identity_id = ${identityId} ORDER BY rc.claimed_at DESC LIMIT 50`),
    db.execute<Raw>(sql`
          SELECT id, order_id, amount_cents, reason, status, created_at FROM payment_disputes
          WHERE identity_id = ${identityId} ORDER BY created_at DESC`),
    db.execute<Raw>(sql`
          SELECT r.id, r.product_id, p.title, r.rating, r.description, r.hidden_at, r.created_at
          FROM product_reviews r JOIN products p ON p.id = r.product_id
          WHERE r.identity_id = ${identityId} ORDER BY r.created_at DESC LIMIT 50`),
    identity.referredByCode
      ? db.execute<Raw>(
          sql`SELECT id, email FROM identities WHERE referral_code = ${identity.referredByCode}`,
        )
      : Promise.resolve({ rows: [] as Raw[] }),
    db.execute<Raw>(sql`
          SELECT id, email, created_at FROM identities WHERE referred_by_code = ${identity.referralCode}
          ORDER BY created_at DESC LIMIT 100`),
  ]);
  return {
    cycles: cycles.rows,
    orders: orders.rows,
    attempts: attempts.rows,
    renewals: renewals.rows,
    disputes: disputes.rows,
    reviews: reviews.rows,
    referredBy: referredBy.rows,
    referred: referred.rows,
  };
}

/**
 * One page of people, searched by email, name or one of their order numbers ("#00042", "00042",
 * "42" or "10000042"), with their latest membership and whether a dispute or a failed refund needs
 * the operator, sorted and paged in the database.
 */
export async function memberPage(
  db: Db,
  query: AdminMemberListQuery,
): Promise<{ rows: Raw[]; total: number }> {
  const q = query.q?.trim();
  // An order number as any page shows it ("#00042", "00042", "42") or stored ("10000042").
  const digits = q && /^#?\s*\d{1,12}$/.test(q) ? q.replace(/\D/g, '') : null;
  const byOrder = digits
    ? sql` OR EXISTS (SELECT 1 FROM orders o WHERE o.identity_id = i.id AND o.status <> 'draft'
              AND (o.order_number = ${digits}
                OR (${digits.length <= 5} AND right(o.order_number, 5) = ${digits.padStart(5, '0')})))`
    : sql``;
  const conditions = [
    q
      ? sql`(i.email ILIKE ${likePattern(q)} OR i.first_name ILIKE ${likePattern(q)}
              OR i.last_name ILIKE ${likePattern(q)}
              OR (coalesce(i.first_name, '') || ' ' || coalesce(i.last_name, '')) ILIKE ${likePattern(q)}${byOrder})`
      : undefined,
    query.status === 'attention'
      ? sql`(EXISTS (SELECT 1 FROM payment_disputes d WHERE d.identity_id = i.id)
              OR EXISTS (SELECT 1 FROM refunds r WHERE r.identity_id = i.id AND r.status = 'failed'))`
      : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = ORDER_BY[query.sort].map((column) => `${column} ${direction}`).join(', ');
  const offset = (query.page - 1) * query.pageSize;
  const [rows, count] = await Promise.all([
    db.execute<Raw>(sql`
          SELECT i.id, i.email, i.first_name, i.last_name, i.created_at,
            s.status AS subscription_status, s.schedule_days, s.next_billing_at,
            EXISTS (SELECT 1 FROM payment_disputes d WHERE d.identity_id = i.id) AS is_disputed,
            EXISTS (SELECT 1 FROM refunds r WHERE r.identity_id = i.id AND r.status = 'failed') AS has_failed_refund
          FROM identities i
          LEFT JOIN LATERAL (
            SELECT status, schedule_days, next_billing_at FROM subscriptions
            WHERE identity_id = i.id ORDER BY (status = 'canceled'), created_at DESC LIMIT 1
          ) s ON true
          ${where}
          ORDER BY ${sql.raw(orderBy)}, i.id ${sql.raw(direction)}
          LIMIT ${query.pageSize} OFFSET ${offset}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM identities i ${where}`),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}
