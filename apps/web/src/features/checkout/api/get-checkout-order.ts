import type { Order } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

export const checkoutOrderKey = (orderId: string) => `checkout-order:${orderId}`;

/** GET /api/checkout/GetCheckoutOrder: quiet, because the page shows its own states. */
export function getCheckoutOrder(orderId: string): Promise<Order> {
  return apiGet<Order>('/checkout/GetCheckoutOrder', { query: { orderId }, quiet: true });
}

export function useCheckoutOrder(orderId: string | undefined) {
  return useApi(orderId ? checkoutOrderKey(orderId) : null, () => getCheckoutOrder(orderId!));
}
