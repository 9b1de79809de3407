import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * What a shipped box holds (docs/product.md#mails): each line of the order with its product and
 * brand, and whether it is a full-size tub (a line with a list price) or a sample. Read-only over
 * the orders' and the catalog's tables, for the cycle engine's "box shipped" mail.
 */

export type ShippedBoxLineRow = {
  brand: string;
  title: string;
  flavor: string;
  quantity: number | null;
  is_tub: boolean;
  sample_image_path: string | null;
  tub_image_path: string | null;
};

/** The order's lines, the prime picks first, then by product. */
export async function shippedBoxLines(tx: Db, orderId: string): Promise<ShippedBoxLineRow[]> {
  const rows = await tx.execute<ShippedBoxLineRow>(sql`
    SELECT b.name AS brand, p.title, p.flavor, i.quantity, (i.list_price_cents IS NOT NULL) AS is_tub,
      p.sample_image_path, p.tub_image_path
    FROM order_items i JOIN products p ON p.id = i.product_id JOIN brands b ON b.id = p.brand_id
    WHERE i.order_id = ${orderId}
    ORDER BY i.is_prime_pick DESC, p.id`);
  return rows.rows;
}
