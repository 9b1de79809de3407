import { productName } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type ItemLine, pictureUrl } from '../mail/index.ts';

/**
 * What a renewal receipt itemises (docs/product.md#mails): the box, every priced line the order
 * carries (tubs or any other extra, each at its own total), handling, tax, discounts and the
 * total, read from the order as it was charged; and the box's samples with their pictures.
 */
export interface RenewalReceipt {
  /** Label and cents; the last is the total. */
  lines: [string, number][];
  samples: ItemLine[];
}

export async function renewalReceiptOf(
  tx: Db,
  orderId: string,
  publicUrl: string,
): Promise<RenewalReceipt | undefined> {
  const order = await tx.execute<{
    price_cents: number;
    handling_fee_cents: number;
    tax_cents: number;
    discount_cents: number;
    credit_cents: number;
    total_cents: number;
  }>(sql`
    SELECT price_cents, handling_fee_cents, tax_cents, discount_cents, credit_cents, total_cents
    FROM orders WHERE id = ${orderId}`);
  const row = order.rows[0];
  if (!row) return undefined;
  const items = await tx.execute<{
    brand: string;
    title: string;
    flavor: string;
    quantity: number | null;
    price_cents: number;
    sample_image_path: string;
    tub_image_path: string;
  }>(sql`
    SELECT b.name AS brand, p.title, p.flavor, i.quantity, i.price_cents, p.sample_image_path, p.tub_image_path
    FROM order_items i JOIN products p ON p.id = i.product_id JOIN brands b ON b.id = p.brand_id
    WHERE i.order_id = ${orderId} ORDER BY i.is_prime_pick DESC, p.id`);
  const lines: [string, number][] = [['Box of 4 samples (Discover Plan)', Number(row.price_cents)]];
  const samples: ItemLine[] = [];
  for (const item of items.rows) {
    const name = `${item.brand} ${productName(item)}`;
    const quantity = Number(item.quantity ?? 1);
    if (Number(item.price_cents) > 0) {
      lines.push([`${name}${quantity > 1 ? ` x${quantity}` : ''}`, Number(item.price_cents)]);
    } else {
      samples.push({ name, image: pictureUrl(publicUrl, item.sample_image_path) });
    }
  }
  lines.push(['Handling fee', Number(row.handling_fee_cents)], ['Tax', Number(row.tax_cents)]);
  if (Number(row.discount_cents) > 0) lines.push(['Discount', -Number(row.discount_cents)]);
  if (Number(row.credit_cents) > 0) lines.push(['Store credit', -Number(row.credit_cents)]);
  lines.push(['Total (USD)', Number(row.total_cents)]);
  return { lines, samples };
}
