import type { Order, Product } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { invalidate, setCached, useApi } from '@/lib/use-api.ts';

/** GET /order/GetItem: the box being built (quiet: the page shows its own states). */
export function useBoxOrder(orderId: string | undefined) {
  return useApi(orderId ? `order:${orderId}` : null, () =>
    apiGet<Order>('/order/GetItem', { query: { id: orderId! }, quiet: true }),
  );
}

/** GET product/GetPersonalizedOptions: the member's matches, best first. */
export function usePersonalizedOptions() {
  return useApi('personalized-options', () =>
    apiGet<Product[]>('/product/GetPersonalizedOptions', { quiet: true }),
  );
}

/** POST /order/Save with the prime picks and the 2 chosen samples; quiet: the page says what failed. */
export async function saveBox(order: Order, chosenProductIds: number[]): Promise<Order> {
  const primePicks = order.items.filter((i) => i.isPrimePick && i.productId !== null);
  const saved = await apiPost<Order>('/order/Save', {
    body: {
      id: order.id,
      items: [
        ...primePicks.map((i) => ({ id: i.id, productId: i.productId! })),
        ...chosenProductIds.map((productId) => ({ id: 0, productId })),
      ],
    },
    quiet: true,
  });
  setCached(`order:${order.id}`, saved);
  invalidate('my-orders');
  return saved;
}
