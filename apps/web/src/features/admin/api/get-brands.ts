import type { AdminBrand, AdminBrandListQuery, AdminCatalogOptions, Page } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';
import { ADMIN_KEY, queryString } from './keys.ts';

export type BrandListQuery = Partial<AdminBrandListQuery>;

/** GET /api/admin/brands: one page with each brand's active product count. */
export function getBrands(query: BrandListQuery): Promise<Page<AdminBrand>> {
  return apiGet<Page<AdminBrand>>('/admin/brands', { query, quiet: true });
}

export function useBrands(query: BrandListQuery) {
  return useApi(`${ADMIN_KEY}brands?${queryString(query)}`, () => getBrands(query));
}

/** GET /api/admin/catalog/options: the product form's flavor families, textures and brands. */
export function getCatalogOptions(): Promise<AdminCatalogOptions> {
  return apiGet<AdminCatalogOptions>('/admin/catalog/options', { quiet: true });
}

export function useCatalogOptions() {
  return useApi(`${ADMIN_KEY}catalog-options`, getCatalogOptions);
}
