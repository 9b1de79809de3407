import type { ProductReviews } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET productReview/GetProductReviews: the product's visible member reviews, count and average. */
export function useProductReviews(productId: number) {
  return useApi(`product-reviews:${productId}`, () =>
    apiGet<ProductReviews>('/productReview/GetProductReviews', { query: { productId }, quiet: true }),
  );
}
