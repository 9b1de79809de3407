import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The store's payments by outcome for the metrics (docs/reliability.md#i2): the checkout's payment
 * attempts and the memberships' renewal charges, counted per status. Read-only.
 */

/** How many checkout payments (`payment`) and renewal charges (`renewal`) are in each status. */
export async function paymentOutcomes(db: Db): Promise<{ kind: string; status: string; n: number }[]> {
  const outcomes = await db.execute<{ kind: string; status: string; n: number }>(sql`
        SELECT 'payment' AS kind, status, count(*)::int AS n FROM payment_attempts GROUP BY status
        UNION ALL
        SELECT 'renewal' AS kind, status, count(*)::int AS n FROM renewal_charges GROUP BY status`);
  return outcomes.rows;
}
