import type { AdminDashboard } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, queryString } from '../../api/keys.ts';

export interface DashboardPeriod {
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /api/admin/dashboard?from&to: the store's figures for a period, computed on the server. */
export function getDashboard(period: DashboardPeriod): Promise<AdminDashboard> {
  return apiGet<AdminDashboard>('/admin/dashboard', {
    query: { from: period.from, to: period.to },
    quiet: true,
  });
}

export function useDashboard(period: DashboardPeriod) {
  return useApi(`${ADMIN_KEY}dashboard?${queryString({ from: period.from, to: period.to })}`, () =>
    getDashboard(period),
  );
}
