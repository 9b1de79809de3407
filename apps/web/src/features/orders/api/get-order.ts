import type { Order } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /api/order/GetItem: quiet, because the page shows its own states. */
export function getOrder(id: string): Promise<Order> {
  return apiGet<Order>('/order/GetItem', { query: { id }, quiet: true });
}

export function useOrder(id: string | undefined) {
  return useApi(id ? `order:${id}` : null, () => getOrder(id!));
}
