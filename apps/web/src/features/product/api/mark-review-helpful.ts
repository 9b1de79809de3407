import {
  type MarkReviewHelpful,
  type ProductReviews,
  REVIEW_SORTS,
  type ReviewHelpful,
  type ReviewSort,
} from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';
import { invalidate, updateCached } from '@/lib/use-api.ts';
import { toggleHelpfulVote, withVote } from '../utils/helpful-vote.ts';
import { productReviewsKey } from './get-product-reviews.ts';

/** POST productReview/MarkHelpful: marks or unmarks the member's helpful vote; answers the new count. */
export function markReviewHelpful(vote: MarkReviewHelpful): Promise<ReviewHelpful> {
  return apiPost<ReviewHelpful>('/productReview/MarkHelpful', { body: vote, quiet: true });
}

/**
 * Toggles the vote on the list on screen at once, confirms it with the server's count, or puts
 * the earlier state back and rethrows. The list keeps its order until it is loaded again: nothing
 * jumps under the pointer.
 */
export async function toggleHelpful(
  list: { productId: number; sort: ReviewSort; viewerId: string | undefined },
  review: { id: string; helpfulCount: number; isMarkedHelpful: boolean },
): Promise<void> {
  const key = productReviewsKey(list.productId, list.sort, list.viewerId);
  await toggleHelpfulVote(review, {
    show: (state) => updateCached<ProductReviews>(key, (answer) => withVote(answer, state)),
    save: markReviewHelpful,
  });
  // The product's other order was counted before this vote: read it again when shown.
  for (const sort of REVIEW_SORTS) {
    if (sort !== list.sort) invalidate(productReviewsKey(list.productId, sort, list.viewerId));
  }
}
