import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The memberships to remind of their coming renewal (docs/product.md#mails): active ones charging
 * within the window, with their members' addresses and the amount, not yet reminded for that
 * billing date (the cycle engine's mail queue holds the key). Read-only, for the sweep.
 */

export type RenewalReminderRow = {
  id: string;
  email: string;
  next_billing_at: Date | string;
  amount_cents: number;
};

/** Memberships charging in (from, until] not reminded for that date, soonest first, at most `limit`. */
export async function membershipsToRemind(
  db: Db,
  from: Date,
  until: Date,
  limit: number,
): Promise<RenewalReminderRow[]> {
  const soon = await db.execute<RenewalReminderRow>(sql`
      SELECT s.id, i.email, s.next_billing_at, s.price_cents + s.handling_fee_cents AS amount_cents
      FROM subscriptions s JOIN identities i ON i.id = s.identity_id
      WHERE s.status = 'active' AND s.skip_cycles = 0
        AND s.next_billing_at > ${from.toISOString()}::timestamptz
        AND s.next_billing_at <= ${until.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM cycle_mails m WHERE m.dedupe_key =
              'reminder:' || s.id || ':' || floor(extract(epoch FROM s.next_billing_at) * 1000)::bigint)
      ORDER BY s.next_billing_at
      LIMIT ${limit}`);
  return soon.rows;
}
