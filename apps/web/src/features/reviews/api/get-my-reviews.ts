import type { MyReviews } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';

/** GET productReview/GetMyReviews: what the member reviewed already (to show it and reopen it). */
export function getMyReviews(): Promise<MyReviews> {
  return apiGet<MyReviews>('/productReview/GetMyReviews', { quiet: true });
}
