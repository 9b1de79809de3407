import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * What the checkout's reconciliation looks at (docs/reliability.md#e1, docs/reliability.md#e4): the checkout's live
 * payment attempts on orders that are still unpaid. Read-only over the checkout's and the orders'
 * tables.
 */

/** Orders that are unpaid yet hold a live attempt untouched since `before`, at most `limit`. */
export async function ordersWithStaleAttempts(db: Db, before: Date, limit: number): Promise<string[]> {
  const result = await db.execute<{ order_id: string }>(sql`
    SELECT DISTINCT a.order_id FROM payment_attempts a JOIN orders o ON o.id = a.order_id
    WHERE o.status IN ('draft', 'awaiting_payment')
      AND a.status IN ('pending', 'requires_action', 'succeeded')
      AND a.updated_at <= ${before.toISOString()}
    LIMIT ${limit}`);
  return result.rows.map((r) => r.order_id);
}
