import type { Db } from '../../db/database.ts';
import { stockedSampleBrands, triedBrandIds } from '../../read-models/tried-brands.ts';
import { listItems, swapPrimePickProduct } from '../orders/index.ts';

/*
 * "Brands they have not tried" (docs/product.md#cancel-offers, reason 0): the brands of every
 * product in the member's paid boxes are tried (read through read-models/tried-brands.ts); the new
 * prime picks come from other brands, best match first, one per brand, with samples in stock.
 */

/** Up to `count` products of `candidates` (best first) from brands not tried, one per brand, in stock. */
export async function untriedBrandPicks(
  db: Db,
  candidates: readonly number[],
  tried: ReadonlySet<number>,
  exclude: ReadonlySet<number>,
  count: number,
): Promise<number[]> {
  if (candidates.length === 0) return [];
  const brandOf = await stockedSampleBrands(db, candidates);
  const picked: number[] = [];
  const brands = new Set<number>();
  for (const id of candidates) {
    if (picked.length === count) break;
    const brand = brandOf.get(id);
    if (brand === undefined || tried.has(brand) || brands.has(brand) || exclude.has(id)) continue;
    brands.add(brand);
    picked.push(id);
  }
  return picked;
}

/**
 * Inside a transaction: the order's prime picks become products of untried brands (as many as
 * there are; a prime pick with no untried brand left for it stays). Answers what changed; the
 * order's lines are read and changed through the orders module.
 */
export async function swapPrimePicksToNewBrands(
  tx: Db,
  identityId: string,
  orderId: string,
  candidates: readonly number[],
): Promise<{ from: number[]; to: number[] }> {
  const items = await listItems(tx, orderId);
  const primes = items.filter((i) => i.isPrimePick);
  const inBox = new Set(items.map((i) => Number(i.productId)));
  // The picks being replaced do not count as tried: they were never had.
  const tried = await triedBrandIds(tx, identityId);
  const picks = await untriedBrandPicks(tx, candidates, tried, inBox, primes.length);
  const from: number[] = [];
  for (const [index, productId] of picks.entries()) {
    const item = primes[index]!;
    from.push(Number(item.productId));
    await swapPrimePickProduct(tx, orderId, item.id, productId);
  }
  return { from, to: picks };
}
