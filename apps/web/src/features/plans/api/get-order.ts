import type { Order } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** The order as GET /api/order/GetItem answers it (contracts OrderSchema; docs/api-conventions.md#wire-shapes, misspellings kept). */
export type PreOrderDetail = Order;

/** GET /api/order/GetItem?id: the quiet call, because the page shows its own states. */
export function getOrder(id: string): Promise<PreOrderDetail> {
  return apiGet<PreOrderDetail>('/order/GetItem', { query: { id }, quiet: true });
}

export function useOrder(id: string | undefined) {
  return useApi(id ? `order:${id}` : null, () => getOrder(id!));
}
