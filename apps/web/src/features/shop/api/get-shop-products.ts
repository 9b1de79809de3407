import type { ShopProducts } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET product/GetShopProducts: the member's unlocked tubs and the ones their next box unlocks. */
export function getShopProducts(): Promise<ShopProducts> {
  return apiGet<ShopProducts>('/product/GetShopProducts', { quiet: true });
}

export function useShopProducts() {
  return useApi('shop:products', getShopProducts);
}
