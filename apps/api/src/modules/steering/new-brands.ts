import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { SAMPLED_STATUSES } from '../orders/index.ts';

/*
 * "Brands they have not tried" (docs/product.md#cancel-offers, reason 0): the brands of every
 * product in the member's paid boxes are tried; the new prime picks come from other brands,
 * best match first, one per brand, with samples in stock.
 */

const statusList = sql.join(
  SAMPLED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** Brands of the products the member has had in a paid box (or has in a box being built now). */
export async function triedBrandIds(db: Db, identityId: string, alsoOrderId?: string): Promise<Set<number>> {
  const result = await db.execute<{ brand_id: number }>(sql`
    SELECT DISTINCT p.brand_id FROM order_items i
    JOIN orders o ON o.id = i.order_id
    JOIN products p ON p.id = i.product_id
    WHERE o.identity_id = ${identityId}
      AND (o.status IN (${statusList}) ${alsoOrderId ? sql`OR o.id = ${alsoOrderId}` : sql``})`);
  return new Set(result.rows.map((r) => Number(r.brand_id)));
}

/** Up to `count` products of `candidates` (best first) from brands not tried, one per brand, in stock. */
export async function untriedBrandPicks(
  db: Db,
  candidates: readonly number[],
  tried: ReadonlySet<number>,
  exclude: ReadonlySet<number>,
  count: number,
): Promise<number[]> {
  if (candidates.length === 0) return [];
  const result = await db.execute<{ id: number; brand_id: number }>(sql`
    SELECT id, brand_id FROM products
    WHERE is_active AND sample_stock > 0 AND id IN (${sql.join(
      candidates.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const brandOf = new Map(result.rows.map((r) => [Number(r.id), Number(r.brand_id)]));
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
 * there are; a prime pick with no untried brand left for it stays). Answers what changed.
 */
export async function swapPrimePicksToNewBrands(
  tx: Db,
  identityId: string,
  orderId: string,
  candidates: readonly number[],
): Promise<{ from: number[]; to: number[] }> {
  const items = await tx.execute<{ id: string; product_id: number; is_prime_pick: boolean }>(
    sql`SELECT id, product_id, is_prime_pick FROM order_items WHERE order_id = ${orderId} ORDER BY created_at, id`,
  );
  const primes = items.rows.filter((i) => i.is_prime_pick);
  const inBox = new Set(items.rows.map((i) => Number(i.product_id)));
  // The picks being replaced do not count as tried: they were never had.
  const tried = await triedBrandIds(tx, identityId);
  const picks = await untriedBrandPicks(tx, candidates, tried, inBox, primes.length);
  const from: number[] = [];
  for (const [index, productId] of picks.entries()) {
    const item = primes[index]!;
    from.push(Number(item.product_id));
    await tx.execute(sql`UPDATE order_items SET product_id = ${productId} WHERE id = ${item.id}`);
  }
  return { from, to: picks };
}
