import type { Order } from '@store/contracts';
import { apiPost } from '@/lib/api-client.ts';
import { invalidate, setCached } from '@/lib/use-api.ts';

/**
 * POST /order/SwapPrimePick (docs/product.md#swapping-a-prime-pick): the prime pick becomes the
 * product; answers the order as GetItem does. Quiet: the swap panel shows the refusal itself.
 */
export async function swapPrimePick(orderId: string, orderItemId: string, productId: number): Promise<Order> {
  const order = await apiPost<Order>('/order/SwapPrimePick', {
    body: { orderId, orderItemId, productId },
    quiet: true,
  });
  setCached(`order:${orderId}`, order);
  invalidate(`sample-choices:${orderId}`);
  invalidate('my-orders');
  return order;
}
