import { matchesShopSearch, type Product } from '@store/contracts';

/** The shop search over both lists: brand, title or flavor, any case. */
export function searchShop<
  T extends Pick<Product, 'brandText' | 'title'> & Partial<Pick<Product, 'flavorSubCategoryText'>>,
>(lists: { unlocked: T[]; locked: T[] }, query: string): { unlocked: T[]; locked: T[] } {
  return {
    unlocked: lists.unlocked.filter((p) => matchesShopSearch(p, query)),
    locked: lists.locked.filter((p) => matchesShopSearch(p, query)),
  };
}
