import type { Product } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET product/GetItem?id: one product with its member price. */
export function getProduct(id: number): Promise<Product> {
  return apiGet<Product>('/product/GetItem', { query: { id }, quiet: true });
}

export function useProduct(id: number | null) {
  return useApi(id ? `product:${id}` : null, () => getProduct(id!));
}

/** GET product/GetPersonalizedOptions: the member's other matches, each with its unlocked flag. */
export function getPersonalizedOptions(): Promise<Product[]> {
  return apiGet<Product[]>('/product/GetPersonalizedOptions', { quiet: true });
}

export function usePersonalizedOptions() {
  return useApi('personalized-options', getPersonalizedOptions);
}
