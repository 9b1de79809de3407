import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * When a box's samples stop being the member's to choose (docs/product.md#membership-cycle): the
 * build deadline of the membership cycle whose box an order is. Read-only over the memberships'
 * billing cycles, for the orders module, which the memberships build on and so cannot import.
 */

/** The build deadline of the cycle whose box this order is, if it is one. */
export async function buildDeadlineOf(db: Db, orderId: string): Promise<Date | undefined> {
  const result = await db.execute<{ deadline: Date | string }>(
    sql`SELECT build_deadline_at AS deadline FROM billing_cycles WHERE order_id = ${orderId} LIMIT 1`,
  );
  const value = result.rows[0]?.deadline;
  return value === undefined ? undefined : new Date(value);
}
