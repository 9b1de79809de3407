import { productName } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * What the cycle engine's and the steering's mails say about a member and a box: the member's
 * address (from the accounts' identities) and an order's products as a person reads them (from
 * the orders' lines with the catalog's products and brands). Read-only.
 */

/** The member's email address. */
export async function memberEmail(db: Db, identityId: string): Promise<string | undefined> {
  const result = await db.execute<{ email: string }>(
    sql`SELECT email FROM identities WHERE id = ${identityId}`,
  );
  return result.rows[0]?.email;
}

/**
 * The products of an order as a person reads them, samples' prime picks first:
 * "Verdant Roots Organic Plant Protein, Dark Chocolate", with "x2" when a cart line holds more.
 */
export async function orderItemNames(
  tx: Db,
  orderId: string,
  /** The box's samples (default), or the tubs added to it (docs/product.md#next-box-extras). */
  tubs = false,
): Promise<string[]> {
  const rows = await tx.execute<{
    brand: string;
    title: string;
    flavor: string;
    quantity: number | null;
  }>(sql`
    SELECT b.name AS brand, p.title, p.flavor, i.quantity FROM order_items i
    JOIN products p ON p.id = i.product_id JOIN brands b ON b.id = p.brand_id
    WHERE i.order_id = ${orderId} AND i.list_price_cents IS ${tubs ? sql`NOT NULL` : sql`NULL`}
    ORDER BY i.is_prime_pick DESC, p.id`);
  return rows.rows.map(
    (r) => `${r.brand} ${productName(r)}${r.quantity && r.quantity > 1 ? ` x${r.quantity}` : ''}`,
  );
}
