import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * What a renewal receipt is written from (docs/product.md#mails): the order's amounts as it was
 * charged and its lines with their products and brands. Read-only over the orders' and the
 * catalog's tables, for the cycle engine's receipt mail.
 */

/** The charged order's amounts, if the order exists. */
export type ReceiptOrderRow = {
  price_cents: number;
  handling_fee_cents: number;
  tax_cents: number;
  discount_cents: number;
  credit_cents: number;
  total_cents: number;
};

/** One line of the order with its product and brand. */
export type ReceiptLineRow = {
  brand: string;
  title: string;
  flavor: string;
  quantity: number | null;
  price_cents: number;
  sample_image_path: string;
  tub_image_path: string;
};

/** The order's amounts and its lines, the prime pick first, then by product. */
export async function renewalReceiptRows(
  tx: Db,
  orderId: string,
): Promise<{ order: ReceiptOrderRow; items: ReceiptLineRow[] } | undefined> {
  const order = await tx.execute<ReceiptOrderRow>(sql`
    SELECT price_cents, handling_fee_cents, tax_cents, discount_cents, credit_cents, total_cents
    FROM orders WHERE id = ${orderId}`);
  const row = order.rows[0];
  if (!row) return undefined;
  const items = await tx.execute<ReceiptLineRow>(sql`
    SELECT b.name AS brand, p.title, p.flavor, i.quantity, i.price_cents, p.sample_image_path, p.tub_image_path
    FROM order_items i JOIN products p ON p.id = i.product_id JOIN brands b ON b.id = p.brand_id
    WHERE i.order_id = ${orderId} ORDER BY i.is_prime_pick DESC, p.id`);
  return { order: row, items: items.rows };
}
