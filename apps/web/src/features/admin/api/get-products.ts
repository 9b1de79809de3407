import type { AdminProduct, AdminProductListQuery, AdminProductRow, Page } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, queryString } from './keys.ts';

export type ProductListQuery = Partial<AdminProductListQuery>;

/** GET /api/admin/products: one page, searched and sorted on the server. */
export function getProducts(query: ProductListQuery): Promise<Page<AdminProductRow>> {
  return apiGet<Page<AdminProductRow>>('/admin/products', { query, quiet: true });
}

export function useProducts(query: ProductListQuery) {
  return useApi(`${ADMIN_KEY}products?${queryString(query)}`, () => getProducts(query));
}

/** GET /api/admin/products/{id}. */
export function getProduct(id: number): Promise<AdminProduct> {
  return apiGet<AdminProduct>(`/admin/products/${id}`, { quiet: true });
}

export function useProduct(id: number | undefined) {
  return useApi(id === undefined ? null : `${ADMIN_KEY}product/${id}`, () => getProduct(id!));
}
