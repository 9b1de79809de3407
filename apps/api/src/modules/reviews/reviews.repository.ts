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

/** Every review the member wrote, newest change first. */
export async function reviewsOf(db: Db, identityId: string): Promise<ProductReviewRow[]> {
  return db
    .select()
    .from(productReviews)
    .where(eq(productReviews.identityId, identityId))
    .orderBy(sql`${productReviews.updatedAt} DESC`);
}

/** A review's writer, or undefined when it does not exist or the operator hid it. */
export async function visibleReviewWriter(db: Db, reviewId: string): Promise<string | undefined> {
  const result = await db.execute<{ identity_id: string }>(sql`
    SELECT identity_id FROM product_reviews WHERE id = ${reviewId} AND hidden_at IS NULL`);
  return result.rows[0]?.identity_id;
}

/**
 * Records or withdraws the member's helpful vote (at most one per member and review) and answers
 * the review's count afterwards. Saying the same twice leaves one vote or none.
 */
export async function setHelpfulVote(
  db: Db,
  vote: { reviewId: string; identityId: string; isHelpful: boolean },
  now: Date,
): Promise<number> {
  const { reviewId, identityId, isHelpful } = vote;
  if (isHelpful) {
    await db.execute(sql`
      INSERT INTO review_helpful_votes (review_id, identity_id, created_at)
      VALUES (${reviewId}, ${identityId}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (review_id, identity_id) DO NOTHING`);
  } else {
    await db.execute(sql`
      DELETE FROM review_helpful_votes WHERE review_id = ${reviewId} AND identity_id = ${identityId}`);
  }
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM review_helpful_votes WHERE review_id = ${reviewId}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** Hides a review (from every listing and from matching's low ratings) or shows it again: the back office's moderation. */
export async function setReviewHidden(tx: Db, id: string, hiddenAt: Date | null): Promise<void> {
  await tx.execute(sql`UPDATE product_reviews SET hidden_at = ${hiddenAt ? hiddenAt.toISOString() : null}
          WHERE id = ${id}`);
}
