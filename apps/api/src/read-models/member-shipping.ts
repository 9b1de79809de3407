import type { AdminMemberDetail } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

type Raw = Record<string, unknown>;
type Address = Record<string, string | null>;

/**
 * Where a member's boxes ship, as the back office shows it (docs/product.md#back-office): the
 * first box's address, which every renewal copies; else the latest order's; else the profile's.
 * Read-only over the orders and accounts tables; `db` may be a transaction that is about to
 * change the address (the audit row keeps what this answered before).
 */
export async function memberShippingAddress(
  db: Db,
  identityId: string,
  firstOrderId: string | null,
): Promise<AdminMemberDetail['shippingAddress']> {
  const result = await db.execute<{ shipping: Address | null }>(sql`
    SELECT shipping FROM orders WHERE identity_id = ${identityId} AND shipping IS NOT NULL
    ORDER BY (id::text = ${firstOrderId ?? ''}) DESC, created_at DESC LIMIT 1`);
  const fromOrder = result.rows[0]?.shipping;
  if (fromOrder?.street1) {
    return {
      firstName: fromOrder.firstName ?? '',
      lastName: fromOrder.lastName ?? '',
      street1: fromOrder.street1,
      street2: fromOrder.street2 ?? null,
      city: fromOrder.city ?? '',
      state: fromOrder.state ?? '',
      postalCode: fromOrder.postalCode ?? '',
    };
  }
  const profile = await db.execute<Raw>(
    sql`SELECT first_name, last_name, shipping_address FROM identities WHERE id = ${identityId}`,
  );
  const row = profile.rows[0];
  const address = row?.shipping_address as Address | null | undefined;
  if (!address?.street1) return null;
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return {
    firstName: text(row?.first_name),
    lastName: text(row?.last_name),
    street1: address.street1,
    street2: address.street2 ?? null,
    city: address.city ?? '',
    state: address.state ?? '',
    postalCode: address.postalCode ?? '',
  };
}
