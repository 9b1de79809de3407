import type { Review, SaveReview } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST productReview/Save: a second review of the same product updates the first. */
export function saveReview(review: SaveReview): Promise<Review> {
  return apiPost<Review>('/productReview/Save', { body: review });
}
