import type { AdminCoupon, AdminCouponInput, AdminCouponListQuery, Page } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, forgetAdminAnswers, queryString } from '../../api/keys.ts';

export type CouponListQuery = Partial<AdminCouponListQuery>;

/** GET /api/admin/coupons: one page with usage counts. */
export function useCoupons(query: CouponListQuery) {
  return useApi(`${ADMIN_KEY}coupons?${queryString(query)}`, () =>
    apiGet<Page<AdminCoupon>>('/admin/coupons', { query, quiet: true }),
  );
}

export async function createCoupon(input: AdminCouponInput): Promise<AdminCoupon> {
  const coupon = await apiPost<AdminCoupon>('/admin/coupons', { body: input, quiet: true });
  forgetAdminAnswers();
  return coupon;
}

/** POST /api/admin/coupons/{id}/expire | deactivate | activate. */
export async function changeCoupon(
  id: string,
  action: 'expire' | 'deactivate' | 'activate',
): Promise<AdminCoupon> {
  const coupon = await apiPost<AdminCoupon>(`/admin/coupons/${encodeURIComponent(id)}/${action}`, {
    quiet: true,
  });
  forgetAdminAnswers();
  return coupon;
}
