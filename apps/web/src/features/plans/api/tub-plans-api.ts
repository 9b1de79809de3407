import type {
  PaymentMethod,
  StartTubPlanBody,
  TubPlan,
  TubPlanOptions,
  TubPlanStatus,
} from '@store/contracts';
import { ApiError, apiGet, apiPost } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /tubPlan/Status (public): whether the page starts plans or takes pre-orders. */
export function useTubPlanStatus() {
  return useApi('tub-plan-status', () => apiGet<TubPlanStatus>('/tubPlan/Status', { quiet: true }));
}

/** GET /tubPlan/Options: the tubs the member may choose and their unclaimed pre-orders. */
export function useTubPlanOptions(enabled: boolean) {
  return useApi(enabled ? 'tub-plan-options' : null, () =>
    apiGet<TubPlanOptions>('/tubPlan/Options', { quiet: true }),
  );
}

/** GET /PaymentMethod/GetDefaultPaymentMethod: the saved card, or null. */
export function useDefaultCard(enabled: boolean) {
  return useApi(enabled ? 'default-card' : null, async () => {
    try {
      return await apiGet<PaymentMethod | null>('/PaymentMethod/GetDefaultPaymentMethod', { quiet: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });
}

/** POST /tubPlan/Start, with one Idempotency-Key per press so a retried request charges once. */
export function startTubPlan(body: StartTubPlanBody, idempotencyKey: string): Promise<TubPlan> {
  return apiPost<TubPlan>('/tubPlan/Start', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    quiet: true,
  });
}
