import type { AdminCancelOffers } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, queryString } from '../../api/keys.ts';
import type { DashboardPeriod } from './get-dashboard.ts';

/** GET /api/admin/cancel-offers?from&to: offers shown, taken and cancellations per reason (docs/product.md#cancel-offers). */
export function useCancelOffers(period: DashboardPeriod) {
  return useApi(`${ADMIN_KEY}cancel-offers?${queryString({ from: period.from, to: period.to })}`, () =>
    apiGet<AdminCancelOffers>('/admin/cancel-offers', {
      query: { from: period.from, to: period.to },
      quiet: true,
    }),
  );
}
