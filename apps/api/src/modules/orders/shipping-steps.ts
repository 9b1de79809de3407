import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/*
 * The orders' own writes of the operator's shipping steps (docs/product.md#membership-cycle), which
 * the cycle engine's fulfilment takes in the caller's transaction: a box's carrier tracking, a
 * replacement box moved through its stages, a cart or tub plan order shipped. Each is one guarded
 * UPDATE; the ones that move a stage answer whether the order was in the stage it leaves.
 */

/** Records when a box shipped and with which tracking number. */
export async function recordBoxShipped(
  tx: Db,
  orderId: string,
  at: Date,
  trackingNumber: string | undefined,
): Promise<void> {
  await tx.execute(sql`
    UPDATE orders SET shipped_at = ${at.toISOString()}::timestamptz, tracking_number = ${trackingNumber ?? null}
    WHERE id = ${orderId}`);
}

/** A paid replacement box is being packed. */
export async function assembleReplacement(tx: Db, orderId: string, at: Date): Promise<boolean> {
  const moved = await tx.execute(sql`
    UPDATE orders SET status = 'processing', updated_at = ${at.toISOString()}::timestamptz
    WHERE id = ${orderId} AND kind = 'replacement' AND status = 'paid' RETURNING id`);
  return moved.rows.length > 0;
}

/** A replacement box shipped with this tracking number. */
export async function shipReplacement(
  tx: Db,
  orderId: string,
  at: Date,
  trackingNumber: string,
): Promise<boolean> {
  const moved = await tx.execute(sql`
    UPDATE orders SET status = 'shipped', shipped_at = ${at.toISOString()}::timestamptz,
      tracking_number = ${trackingNumber}, updated_at = ${at.toISOString()}::timestamptz
    WHERE id = ${orderId} AND kind = 'replacement' AND status IN ('paid', 'processing') RETURNING id`);
  return moved.rows.length > 0;
}

/** A shipped replacement box was delivered. */
export async function deliverReplacement(tx: Db, orderId: string, at: Date): Promise<boolean> {
  const moved = await tx.execute(sql`
    UPDATE orders SET status = 'delivered', updated_at = ${at.toISOString()}::timestamptz
    WHERE id = ${orderId} AND kind = 'replacement' AND status = 'shipped' RETURNING id`);
  return moved.rows.length > 0;
}

/** A paid cart or tub plan order shipped; answers its member and number. */
export async function shipTubOrder(
  tx: Db,
  orderId: string,
  at: Date,
  trackingNumber: string,
): Promise<{ identity_id: string; order_number: string } | undefined> {
  const shipped = await tx.execute<{ identity_id: string; order_number: string }>(sql`
    UPDATE orders SET status = 'shipped', shipped_at = ${at.toISOString()}::timestamptz,
      tracking_number = ${trackingNumber}, updated_at = ${at.toISOString()}::timestamptz
    WHERE id = ${orderId} AND kind IN ('cart', 'tub_plan') AND status IN ('paid', 'processing')
    RETURNING identity_id, order_number`);
  return shipped.rows[0];
}
