import type { AdminInsights } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, queryString } from '../../api/keys.ts';
import type { DashboardPeriod } from '../../dashboard/api/get-dashboard.ts';

/** GET /api/admin/insights?from&to: the business in figures (docs/product.md#insights). */
export function getInsights(period: DashboardPeriod): Promise<AdminInsights> {
  return apiGet<AdminInsights>('/admin/insights', {
    query: { from: period.from, to: period.to },
    quiet: true,
  });
}

export function useInsights(period: DashboardPeriod) {
  return useApi(`${ADMIN_KEY}insights?${queryString({ from: period.from, to: period.to })}`, () =>
    getInsights(period),
  );
}
