import type { Order, Product } from '@store/contracts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { invalidate, setCached, useApi } from '@/lib/use-api.ts';

/** GET /order/GetItem: the box being built (quiet: the page shows its own states). */
export function useBoxOrder(orderId: string | undefined) {
  return useApi(orderId ? `order:${orderId}` : null, () =>
    apiGet<Order>('/order/GetItem', { query: { id: orderId! }, quiet: true }),
  );
}

/**
 * GET /order/GetSampleChoices: the samples the member may choose for this box, best match first
 * (never a prime pick of it, a product from another of their boxes, or one their answers rule out).
 */
export function useSampleChoices(orderId: string) {
  return useApi(orderId ? `sample-choices:${orderId}` : null, () =>
    apiGet<Product[]>('/order/GetSampleChoices', { query: { id: orderId }, quiet: true }),
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
  invalidate(`sample-choices:${order.id}`);
  return saved;
}
