import type {
  AdminCartOrder,
  AdminCartOrderQuery,
  AdminFulfilmentBox,
  AdminFulfilmentBoxQuery,
  AdminPackingList,
  Page,
} from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, queryString } from '../../api/keys.ts';

export type BoxListQuery = Partial<AdminFulfilmentBoxQuery>;
export type CartOrderListQuery = Partial<AdminCartOrderQuery>;

/** GET /api/admin/fulfilment/boxes: one stage's boxes, one page, sorted on the server. */
export function useBoxes(query: BoxListQuery) {
  return useApi(`${ADMIN_KEY}fulfilment/boxes?${queryString(query)}`, () =>
    apiGet<Page<AdminFulfilmentBox>>('/admin/fulfilment/boxes', { query, quiet: true }),
  );
}

/** GET /api/admin/fulfilment/cart-orders: paid cart orders to ship (or shipped ones). */
export function useCartOrders(query: CartOrderListQuery) {
  return useApi(`${ADMIN_KEY}fulfilment/cart-orders?${queryString(query)}`, () =>
    apiGet<Page<AdminCartOrder>>('/admin/fulfilment/cart-orders', { query, quiet: true }),
  );
}

/** GET /api/admin/fulfilment/boxes/{id}/packing-list for every id (one request each). */
export function usePackingLists(ids: readonly string[]) {
  const key = ids.length ? `${ADMIN_KEY}fulfilment/packing?${ids.join(',')}` : null;
  return useApi(key, () =>
    Promise.all(
      ids.map((id) =>
        apiGet<AdminPackingList>(`/admin/fulfilment/boxes/${id}/packing-list`, { quiet: true }),
      ),
    ),
  );
}
