import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { products } from './catalog.table.ts';

/*
 * A product's tubs on the shelf, as the cart checkout takes, holds and gives them back; the
 * catalog's face exports these as `tubStock`.
 */

/**
 * Takes `quantity` tubs off the shelf if that many are there: one guarded UPDATE, so stock never
 * goes below 0 however many checkouts run at once (docs/reliability.md#e6). False when too few are left.
 */
export async function take(tx: Db, productId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ tubStock: sql`${products.tubStock} - ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.tubStock} >= ${quantity}`))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function of(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ tubStock: products.tubStock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.tubStock ?? 0;
}

/** Gives tubs taken by `take` back, in the same transaction. */
export async function putBack(tx: Db, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ tubStock: sql`${products.tubStock} + ${quantity}` })
    .where(eq(products.id, productId));
}
