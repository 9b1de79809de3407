import { matchesShopSearch, type Product } from '@store/contracts';

/** Spec 001 §5 shop search over both lists: brand text or title, any case. */
export function searchShop<T extends Pick<Product, 'brandText' | 'title'>>(
  lists: { unlocked: T[]; locked: T[] },
  query: string,
): { unlocked: T[]; locked: T[] } {
  return {
    unlocked: lists.unlocked.filter((p) => matchesShopSearch(p, query)),
    locked: lists.locked.filter((p) => matchesShopSearch(p, query)),
  };
}
