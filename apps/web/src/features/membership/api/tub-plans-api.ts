import type { TubPlan, TubPlanOptions } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { updateCached, useApi } from '@/lib/use-api.ts';

const MINE = 'tub-plan-mine';

/** GET /tubPlan/Mine: the member's tub plans (quiet: the panel shows its own states). */
export function useMyTubPlans() {
  return useApi(MINE, () => apiGet<TubPlan[]>('/tubPlan/Mine', { quiet: true }));
}

/** GET /tubPlan/Options, when the member changes their tubs. */
export function useTubChoices(enabled: boolean) {
  return useApi(enabled ? 'tub-plan-options' : null, () =>
    apiGet<TubPlanOptions>('/tubPlan/Options', { quiet: true }),
  );
}

function replaced(plan: TubPlan) {
  updateCached<TubPlan[]>(MINE, (plans) => plans.map((p) => (p.id === plan.id ? plan : p)));
  return plan;
}

export type TubPlanAction = 'Skip' | 'Resume' | 'Cancel';

/** POST /tubPlan/Skip, /Resume or /Cancel: answers the plan as it is now. */
export async function actOnTubPlan(id: string, action: TubPlanAction): Promise<TubPlan> {
  return replaced(await apiPost<TubPlan>(`/tubPlan/${action}`, { body: { id }, quiet: true }));
}

/** POST /tubPlan/Pause: 1-3 deliveries. */
export async function pauseTubPlan(id: string, deliveries: number): Promise<TubPlan> {
  return replaced(await apiPost<TubPlan>('/tubPlan/Pause', { body: { id, deliveries }, quiet: true }));
}

/** POST /tubPlan/ChangeItems: the tubs of each delivery from the next one on. */
export async function changeTubPlanItems(
  id: string,
  items: { productId: number; quantity: number }[],
  freeProductId?: number,
): Promise<TubPlan> {
  return replaced(
    await apiPost<TubPlan>('/tubPlan/ChangeItems', {
      body: { id, items, ...(freeProductId ? { freeProductId } : {}) },
      quiet: true,
    }),
  );
}
