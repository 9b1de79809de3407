import type { AdminCouponListQuery } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { likePattern } from './back-office-members.ts';

/*
 * The back office's coupons (docs/product.md#back-office): each coupon of the cart module with how
 * many times it was redeemed. Read-only; the back office's changes to a coupon are the cart
 * module's `couponsEditor`. `lock` reads the coupon `FOR UPDATE` in the caller's transaction.
 */

type Raw = Record<string, unknown>;

const SORTS = {
  created: 'c.created_at',
  code: 'c.code',
  usage: 'usage_count',
  expires: 'c.expires_at',
} as const;

const COUPON = sql`
  SELECT c.*, (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id) AS usage_count
  FROM coupons c`;

/** One page of coupons by code and state, sorted in the database, with how many there are. */
export async function couponPage(
  db: Db,
  query: AdminCouponListQuery,
): Promise<{ rows: Raw[]; total: number }> {
  const conditions = [
    query.q ? sql`c.code ILIKE ${likePattern(query.q.toUpperCase())}` : undefined,
    query.status === 'active' ? sql`c.active` : undefined,
    query.status === 'inactive' ? sql`NOT c.active` : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const nulls = query.sort === 'expires' ? ' NULLS LAST' : '';
  const [rows, count] = await Promise.all([
    db.execute<Raw>(sql`${COUPON} ${where}
          ORDER BY ${sql.raw(`${SORTS[query.sort]} ${direction}${nulls}`)}, c.id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM coupons c ${where}`),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** One coupon with its usage. */
export async function couponRow(db: Db, id: string, lock = false): Promise<Raw | undefined> {
  const result = await db.execute<Raw>(
    lock ? sql`${COUPON} WHERE c.id = ${id} FOR UPDATE OF c` : sql`${COUPON} WHERE c.id = ${id}`,
  );
  return result.rows[0];
}
