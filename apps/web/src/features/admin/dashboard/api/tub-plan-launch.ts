import type { TubPlanLaunchResult, TubPlanStatus } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY } from '../../api/keys.ts';

/** GET /tubPlan/Status: whether the tub plans are launched. */
export function useTubPlanLaunchStatus() {
  return useApi(`${ADMIN_KEY}tub-plan-status`, () =>
    apiGet<TubPlanStatus>('/tubPlan/Status', { quiet: true }),
  );
}

/** POST /admin/tub-plans/launch: once; a second press changes nothing (docs/product.md#tub-plans). */
export function launchTubPlans(): Promise<TubPlanLaunchResult> {
  return apiPost<TubPlanLaunchResult>('/admin/tub-plans/launch', { quiet: true });
}
