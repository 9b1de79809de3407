import type { CheckoutIdentity, Order } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';
import { setCached } from '@/lib/use-api.ts';
import { checkoutOrderKey } from './get-checkout-order.ts';

/**
 * POST /api/Identity/UpdateTaxInfo: the server recomputes tax for the address; its answer
 * replaces the order on screen (docs/product.md#states-and-flows). Quiet: a tax error is logged only (docs/product.md#messages-on-screen).
 */
export async function updateTaxInfo(orderId: string, identity: CheckoutIdentity): Promise<Order> {
  const order = await apiPost<Order>('/Identity/UpdateTaxInfo', {
    query: { orderId },
    body: identity,
    quiet: true,
  });
  setCached(checkoutOrderKey(orderId), order);
  return order;
}
