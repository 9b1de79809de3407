import type { AdminReview, AdminReviewListQuery, Page } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, forgetAdminAnswers, queryString } from '../../api/keys.ts';

export type ReviewListQuery = Partial<AdminReviewListQuery>;

/** GET /api/admin/reviews: one page, newest first, filtered on the server. */
export function useReviews(query: ReviewListQuery) {
  return useApi(`${ADMIN_KEY}reviews?${queryString(query)}`, () =>
    apiGet<Page<AdminReview>>('/admin/reviews', { query, quiet: true }),
  );
}

/** POST /api/admin/reviews/{id}/hidden: hides a review from every listing and matching, or shows it. */
export async function setReviewHidden(id: string, isHidden: boolean): Promise<AdminReview> {
  const review = await apiPost<AdminReview>(`/admin/reviews/${encodeURIComponent(id)}/hidden`, {
    body: { isHidden },
    quiet: true,
  });
  forgetAdminAnswers();
  return review;
}
