import { z } from 'zod';
import { ProductSchema } from './catalog.ts';

/** Shown in the lock label when the member has no upcoming box date ("GET NEXT BOX'S BOX..." never). */
export const NEXT_BOX_FALLBACK = 'next box';

/**
 * GET product/GetShopProducts (docs/api-conventions.md#wire-shapes, docs/product.md#calls): the member's unlocked products at member
 * prices, then the rest that suit their restrictions, locked until a paid box holds them.
 */
export const ShopProductsSchema = z.object({
  subscribedToProducts: z.array(ProductSchema),
  productsToUnlock: z.array(ProductSchema),
  /** The month of the member's next box ("February"), or "next box" when no date is known. */
  nextBoxMonth: z.string(),
  /** The next box's billing date (ISO), or null without a live membership. */
  nextBoxDate: z.string().nullable(),
});
export type ShopProducts = z.infer<typeof ShopProductsSchema>;

/** The lock label of a shop card: "GET FEBRUARY'S BOX TO UNLOCK" (docs/product.md#shop-and-cart). */
export function unlockLabel(nextBoxMonth: string): string {
  return nextBoxMonth === NEXT_BOX_FALLBACK
    ? 'GET YOUR NEXT BOX TO UNLOCK'
    : `GET ${nextBoxMonth.toUpperCase()}'S BOX TO UNLOCK`;
}

/** Shop search: a case-insensitive match of the query against brand, title or flavor ("vanilla"). */
export function matchesShopSearch(
  product: { brandText: string; title: string; flavorSubCategoryText?: string },
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [product.brandText, product.title, product.flavorSubCategoryText ?? ''].some((text) =>
    text.toLowerCase().includes(q),
  );
}
