import {
  type MarkReviewHelpful,
  type ProductReviews,
  REVIEW_SORTS,
  type ReviewHelpful,
  type ReviewSort,
} from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';
import { invalidate, updateCached } from '@/lib/use-api.ts';
import { productReviewsKey } from './get-product-reviews.ts';

/** POST productReview/MarkHelpful: marks or unmarks the member's helpful vote; answers the new count. */
export function markReviewHelpful(vote: MarkReviewHelpful): Promise<ReviewHelpful> {
  return apiPost<ReviewHelpful>('/productReview/MarkHelpful', { body: vote, quiet: true });
}

function withVote(answer: ProductReviews, vote: ReviewHelpful): ProductReviews {
  return {
    ...answer,
    reviews: answer.reviews.map((r) =>
      r.id === vote.reviewId
        ? { ...r, helpfulCount: vote.helpfulCount, isMarkedHelpful: vote.isMarkedHelpful }
        : r,
    ),
  };
}

/**
 * Toggles the vote on the list on screen at once, then confirms it with the server's count, or
 * puts the earlier state back and rethrows when the server refused or could not be reached. The
 * list keeps its order until it is loaded again: nothing jumps under the pointer.
 */
export async function toggleHelpful(
  list: { productId: number; sort: ReviewSort; viewerId: string | undefined },
  review: { id: string; helpfulCount: number; isMarkedHelpful: boolean },
): Promise<void> {
  const key = productReviewsKey(list.productId, list.sort, list.viewerId);
  const before: ReviewHelpful = {
    reviewId: review.id,
    helpfulCount: review.helpfulCount,
    isMarkedHelpful: review.isMarkedHelpful,
  };
  const isHelpful = !review.isMarkedHelpful;
  updateCached<ProductReviews>(key, (answer) =>
    withVote(answer, {
      reviewId: review.id,
      helpfulCount: Math.max(0, review.helpfulCount + (isHelpful ? 1 : -1)),
      isMarkedHelpful: isHelpful,
    }),
  );
  try {
    const saved = await markReviewHelpful({ reviewId: review.id, isHelpful });
    updateCached<ProductReviews>(key, (answer) => withVote(answer, saved));
    // The product's other order was counted before this vote: read it again when shown.
    for (const sort of REVIEW_SORTS) {
      if (sort !== list.sort) invalidate(productReviewsKey(list.productId, sort, list.viewerId));
    }
  } catch (error) {
    updateCached<ProductReviews>(key, (answer) => withVote(answer, before));
    throw error;
  }
}
