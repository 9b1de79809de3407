import type { Order, PreOrderPlanId } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';

/** POST /api/order/ConfirmNewOrder: opens (or finds) the unpaid pre-order of a tub plan. */
export function createPreOrder(plan: PreOrderPlanId): Promise<Order> {
  return apiPost<Order>('/order/ConfirmNewOrder', { body: { plan } });
}
