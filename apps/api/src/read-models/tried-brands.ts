import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { SAMPLED_STATUSES } from '../modules/orders/index.ts';

/*
 * "Brands they have not tried" (docs/product.md#cancel-offers, reason 0): which brands a member
 * has had in a box, and the brand of each candidate product with samples in stock. Read-only over
 * the orders' and the catalog's tables, for the steering module's new-brand picks.
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

/** The brand of each of `candidates` that is on sale with samples in stock. */
export async function stockedSampleBrands(
  db: Db,
  candidates: readonly number[],
): Promise<Map<number, number>> {
  const result = await db.execute<{ id: number; brand_id: number }>(sql`
    SELECT id, brand_id FROM products
    WHERE is_active AND sample_stock > 0 AND id IN (${sql.join(
      candidates.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(result.rows.map((r) => [Number(r.id), Number(r.brand_id)]));
}
