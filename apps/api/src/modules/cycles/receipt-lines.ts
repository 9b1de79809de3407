import { productName } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { renewalReceiptRows } from '../../read-models/renewal-receipt.ts';
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
  const read = await renewalReceiptRows(tx, orderId);
  if (!read) return undefined;
  const { order: row, items } = read;
  const lines: [string, number][] = [['Box of 4 samples (Discover Plan)', Number(row.price_cents)]];
  const samples: ItemLine[] = [];
  for (const item of items) {
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
