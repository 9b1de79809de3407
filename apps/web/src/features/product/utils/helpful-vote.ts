import type { MarkReviewHelpful, ProductReviews, ReviewHelpful } from '@store/contracts';

/** The list with one review's helpful count and the caller's vote replaced; its order unchanged. */
export function withVote(answer: ProductReviews, vote: ReviewHelpful): ProductReviews {
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
 * Flips the caller's helpful vote on a review: `show` gets the flipped state at once, then the
 * server's count once `save` kept it; if `save` fails, `show` gets the earlier state back and the
 * error is rethrown, so the screen never claims a vote the server did not keep.
 */
export async function toggleHelpfulVote(
  review: { id: string; helpfulCount: number; isMarkedHelpful: boolean },
  deps: {
    show: (state: ReviewHelpful) => void;
    save: (vote: MarkReviewHelpful) => Promise<ReviewHelpful>;
  },
): Promise<ReviewHelpful> {
  const isHelpful = !review.isMarkedHelpful;
  deps.show({
    reviewId: review.id,
    helpfulCount: Math.max(0, review.helpfulCount + (isHelpful ? 1 : -1)),
    isMarkedHelpful: isHelpful,
  });
  try {
    const saved = await deps.save({ reviewId: review.id, isHelpful });
    deps.show(saved);
    return saved;
  } catch (error) {
    deps.show({
      reviewId: review.id,
      helpfulCount: review.helpfulCount,
      isMarkedHelpful: review.isMarkedHelpful,
    });
    throw error;
  }
}
