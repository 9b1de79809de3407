import type { ConfirmRenewalAnswer, Order, RenewalConfirmation } from '@store/contracts';
import { ApiError, apiGet, apiPost } from '@/lib/api-client.ts';
import { loadAuthInfo } from '@/lib/auth.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /order/GetItem: the current cycle's box (quiet: the page shows its own states). */
export function useCurrentBox(orderId: string | null) {
  return useApi(orderId ? `order:${orderId}` : null, () =>
    apiGet<Order>('/order/GetItem', { query: { id: orderId! }, quiet: true }),
  );
}

/** POST /membership/ReportIssue: a problem with the box, sent to the store. */
export async function reportIssue(text: string): Promise<void> {
  await apiPost('/membership/ReportIssue', { body: { text } });
}

/** POST /user/RestartSubscription: a canceled member starts again with the saved card. */
export async function restartMembership(): Promise<void> {
  await apiPost('/user/RestartSubscription');
  await loadAuthInfo();
}

export type { RenewalConfirmation };

/** GET /user/RenewalConfirmation (docs/reliability.md#d6): the waiting renewal, or undefined when nothing waits (404). */
export function useRenewalConfirmation() {
  return useApi('renewal-confirmation', async () => {
    try {
      return await apiGet<RenewalConfirmation>('/user/RenewalConfirmation', { quiet: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });
}

/** POST /user/ConfirmRenewalPayment: the member is present; the cycle is billed once the bank agrees. */
export async function confirmRenewalPayment(): Promise<ConfirmRenewalAnswer> {
  const answer = await apiPost<ConfirmRenewalAnswer>('/user/ConfirmRenewalPayment', { quiet: true });
  if (answer.status === 'billed') await loadAuthInfo();
  return answer;
}
