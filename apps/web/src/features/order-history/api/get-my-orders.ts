import type { OrderSummary } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /order/GetMyOrders: the member's orders, newest first. */
export function useMyOrders(enabled: boolean) {
  return useApi(enabled ? 'my-orders' : null, () =>
    apiGet<OrderSummary[]>('/order/GetMyOrders', { quiet: true }),
  );
}
