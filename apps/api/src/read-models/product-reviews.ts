import type { ReviewSort } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The product reviews as pages and matching read them with what lies beside them in other
 * modules' tables: a member's ratings with each product's brand (matching's low ratings, the
 * picks), a product's visible reviews with their writers' first names, and the store's figures
 * (members whose membership is live, visible reviews and their average). Read-only; the reviews
 * are written by the reviews module.
 */

/** The member's reviews with each product's brand; a review the operator hid does not count. */
export async function ratingsWithBrands(
  db: Db,
  identityId: string,
): Promise<{ productId: number; brandId: number; rating: number }[]> {
  const result = await db.execute<{ product_id: number; brand_id: number; rating: number }>(sql`
    SELECT r.product_id, p.brand_id, r.rating
    FROM product_reviews r JOIN products p ON p.id = r.product_id
    WHERE r.identity_id = ${identityId} AND r.hidden_at IS NULL`);
  return result.rows.map((r) => ({
    productId: Number(r.product_id),
    brandId: Number(r.brand_id),
    rating: Number(r.rating),
  }));
}

/** One listed review with what the list needs beside it. */
export interface VisibleReviewRow {
  id: string;
  firstName: string | null;
  rating: number;
  description: string;
  createdAt: Date;
  helpfulCount: number;
  isMarkedHelpful: boolean;
  isMine: boolean;
}

/**
 * A product's visible reviews (not hidden) with the writer's first name, their count and average,
 * in the asked order: `helpful` is most helpful votes first, then newest; `newest` is newest first.
 * `viewerId` (the signed-in caller, if any) only marks which ones they voted for and wrote.
 */
export async function visibleReviewsOf(
  db: Db,
  productId: number,
  options: { limit: number; sort: ReviewSort; viewerId?: string },
): Promise<{ count: number; average: number | null; rows: VisibleReviewRow[] }> {
  const { limit, sort, viewerId } = options;
  const totals = await db.execute<{ n: number; avg: string | null }>(sql`
    SELECT count(*)::int AS n, avg(rating)::text AS avg
    FROM product_reviews WHERE product_id = ${productId} AND hidden_at IS NULL`);
  const order =
    sort === 'helpful' ? sql`helpful_count DESC, r.created_at DESC, r.id` : sql`r.created_at DESC, r.id`;
  // A visitor has no id: comparing with NULL marks nothing as theirs.
  const viewer = viewerId ?? null;
  const listed = await db.execute<{
    id: string;
    first_name: string | null;
    rating: number;
    description: string;
    created_at: string | Date;
    helpful_count: number;
    is_marked_helpful: boolean;
    is_mine: boolean;
  }>(sql`
    SELECT r.id, i.first_name, r.rating, r.description, r.created_at,
      (SELECT count(*)::int FROM review_helpful_votes v WHERE v.review_id = r.id) AS helpful_count,
      EXISTS (SELECT 1 FROM review_helpful_votes v
              WHERE v.review_id = r.id AND v.identity_id = ${viewer}::uuid) AS is_marked_helpful,
      (r.identity_id = ${viewer}::uuid) IS TRUE AS is_mine
    FROM product_reviews r JOIN identities i ON i.id = r.identity_id
    WHERE r.product_id = ${productId} AND r.hidden_at IS NULL
    ORDER BY ${order}
    LIMIT ${limit}`);
  const total = totals.rows[0];
  return {
    count: Number(total?.n ?? 0),
    average: total?.avg == null ? null : Number(total.avg),
    rows: listed.rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      rating: Number(r.rating),
      description: r.description,
      createdAt: new Date(r.created_at),
      helpfulCount: Number(r.helpful_count),
      isMarkedHelpful: Boolean(r.is_marked_helpful),
      isMine: Boolean(r.is_mine),
    })),
  };
}

/**
 * The store's figures in one statement: members (accounts whose membership is not canceled),
 * visible reviews and their average.
 */
export async function storeFigures(
  db: Db,
): Promise<{ members: number; reviewCount: number; average: number | null }> {
  const result = await db.execute<{ members: number; reviews: number; average: number | string | null }>(sql`
    SELECT
      (SELECT count(DISTINCT identity_id)::int FROM subscriptions WHERE status <> 'canceled') AS members,
      (SELECT count(*)::int FROM product_reviews WHERE hidden_at IS NULL) AS reviews,
      (SELECT avg(rating)::float8 FROM product_reviews WHERE hidden_at IS NULL) AS average`);
  const row = result.rows[0];
  return {
    members: Number(row?.members ?? 0),
    reviewCount: Number(row?.reviews ?? 0),
    average: row?.average == null ? null : Number(row.average),
  };
}
