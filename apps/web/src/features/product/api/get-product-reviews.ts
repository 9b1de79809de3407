import type { ProductReviews, ReviewSort } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth.ts';
import { useApi } from '@/lib/use-api.ts';

/**
 * The cache key of a product's reviews in one order as one person sees them: the answer says
 * which reviews they wrote and marked helpful, so another account never reads it.
 */
export const productReviewsKey = (productId: number, sort: ReviewSort, viewerId: string | undefined) =>
  `product-reviews:${productId}:${sort}:${viewerId ?? 'visitor'}`;

/** GET productReview/GetProductReviews: the product's visible member reviews, count and average. */
export function useProductReviews(productId: number, sort: ReviewSort = 'helpful') {
  const auth = useAuth();
  const viewerId = auth.info?.identity.id;
  // While the session is being read, wait: a visitor's answer would show no votes of one's own.
  const key = auth.status === 'loading' ? null : productReviewsKey(productId, sort, viewerId);
  const state = useApi(key, () =>
    apiGet<ProductReviews>('/productReview/GetProductReviews', { query: { productId, sort }, quiet: true }),
  );
  return { ...state, isLoading: key === null || state.isLoading, viewerId };
}
