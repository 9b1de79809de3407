import type { Order } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
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
