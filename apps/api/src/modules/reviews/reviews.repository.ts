import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type ProductReviewRow, productReviews } from './reviews.table.ts';

/** Inserts the member's review of a product, or updates the one they wrote before. */
export async function upsertReview(
  db: Db,
  review: Omit<ProductReviewRow, 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<ProductReviewRow> {
  const [row] = await db
    .insert(productReviews)
    .values({ ...review, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [productReviews.identityId, productReviews.productId],
      set: {
        rating: review.rating,
        description: review.description,
        agreementConfirmation: review.agreementConfirmation,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

export async function findReview(
  db: Db,
  identityId: string,
  productId: number,
): Promise<ProductReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.identityId, identityId), eq(productReviews.productId, productId)))
    .limit(1);
  return row;
}

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
