import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The tubs waiting for a member's next box (docs/product.md#next-box-extras) with their products:
 * the steering module's `next_box_extras` rows beside the catalog's names, prices and stock.
 * Read-only; the renewal that moves them into the box locks the waiting rows (not the products)
 * in its transaction.
 */

/** One waiting tub with its product. */
export type NextBoxExtraRow = {
  id: string;
  product_id: number;
  quantity: number;
  title: string;
  flavor: string;
  list_price_cents: number;
  discount_percent: number;
  tub_stock: number;
  is_active: boolean;
};

/** A membership's waiting tubs, oldest first; `lock` holds the waiting rows until the transaction ends. */
export async function nextBoxExtrasOf(
  db: Db,
  subscriptionId: string,
  lock = false,
): Promise<NextBoxExtraRow[]> {
  const rows = await db.execute<NextBoxExtraRow>(sql`
    SELECT x.id, x.product_id, x.quantity, p.title, p.flavor, p.list_price_cents, p.discount_percent,
           p.tub_stock, p.is_active
    FROM next_box_extras x JOIN products p ON p.id = x.product_id
    WHERE x.subscription_id = ${subscriptionId}
    ORDER BY x.created_at, x.id${
      lock
        ? sql`
    FOR UPDATE OF x`
        : sql``
    }`);
  return rows.rows;
}

/** What a waiting tub is named by and whether it is on sale. */
export async function extraProductOf(
  db: Db,
  productId: number,
): Promise<{ title: string; flavor: string; is_active: boolean } | undefined> {
  const product = await db.execute<{ title: string; flavor: string; is_active: boolean }>(
    sql`SELECT title, flavor, is_active FROM products WHERE id = ${productId}`,
  );
  return product.rows[0];
}
