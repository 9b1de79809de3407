import type { AdminInboxQuery, AdminReviewListQuery } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The back office's moderation lists (docs/product.md#back-office): the members' reviews with
 * their product, brand, writer and helpful votes (the reviews, catalog and accounts tables), and
 * the "Report Issue" messages with their member and order (the memberships', accounts' and orders'
 * tables). Read-only; hiding a review and handling a report are their owning modules' writes.
 * `lock` reads the row `FOR UPDATE` inside the caller's transaction, before it changes it.
 */

type Raw = Record<string, unknown>;

const REVIEW = sql`
  SELECT r.id, r.product_id, p.title AS product_title, b.name AS brand_name, r.identity_id,
    i.email AS member_email, r.rating, r.description, r.created_at, r.hidden_at,
    (SELECT count(*)::int FROM review_helpful_votes v WHERE v.review_id = r.id) AS helpful_count
  FROM product_reviews r
  JOIN products p ON p.id = r.product_id
  JOIN brands b ON b.id = p.brand_id
  JOIN identities i ON i.id = r.identity_id`;

/** One page of reviews by rating, product and visibility, newest or oldest first. */
export async function reviewPage(
  db: Db,
  query: AdminReviewListQuery,
): Promise<{ rows: Raw[]; total: number }> {
  const conditions = [
    query.rating !== undefined ? sql`r.rating = ${query.rating}` : undefined,
    query.productId !== undefined ? sql`r.product_id = ${query.productId}` : undefined,
    query.hidden === 'hidden' ? sql`r.hidden_at IS NOT NULL` : undefined,
    query.hidden === 'visible' ? sql`r.hidden_at IS NULL` : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const [rows, count] = await Promise.all([
    db.execute<Raw>(sql`${REVIEW} ${where}
          ORDER BY r.created_at ${sql.raw(direction)}, r.id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM product_reviews r ${where}`),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** One review as the back office lists it. */
export async function reviewRow(db: Db, id: string, lock = false): Promise<Raw | undefined> {
  const result = await db.execute<Raw>(
    lock ? sql`${REVIEW} WHERE r.id = ${id} FOR UPDATE OF r` : sql`${REVIEW} WHERE r.id = ${id}`,
  );
  return result.rows[0];
}

const ISSUE_REPORT = sql`
  SELECT ir.id, ir.identity_id, i.email AS member_email, ir.order_id, o.order_number, ir.text,
    ir.created_at, ir.handled_at
  FROM issue_reports ir
  JOIN identities i ON i.id = ir.identity_id
  LEFT JOIN orders o ON o.id = ir.order_id`;

/** One page of issue reports, handled, unhandled or all, newest first. */
export async function issueReportPage(
  db: Db,
  query: AdminInboxQuery,
): Promise<{ rows: Raw[]; total: number }> {
  const where =
    query.status === 'handled'
      ? sql`WHERE ir.handled_at IS NOT NULL`
      : query.status === 'unhandled'
        ? sql`WHERE ir.handled_at IS NULL`
        : sql``;
  const [rows, count] = await Promise.all([
    db.execute<Raw>(sql`${ISSUE_REPORT} ${where} ORDER BY ir.created_at DESC, ir.id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM issue_reports ir ${where}`),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** One issue report as the back office lists it. */
export async function issueReportRow(db: Db, id: string, lock = false): Promise<Raw | undefined> {
  const result = await db.execute<Raw>(
    lock
      ? sql`${ISSUE_REPORT} WHERE ir.id = ${id} FOR UPDATE OF ir`
      : sql`${ISSUE_REPORT} WHERE ir.id = ${id}`,
  );
  return result.rows[0];
}
