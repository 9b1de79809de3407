import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The saved card a renewal or a plan period is charged with (docs/payments.md), read from the
 * checkout's cards and customers for the cycle engine and the memberships' cycle store. Read-only.
 */

export type ChargeCardRow = {
  id: string;
  provider_payment_method_id: string;
  last4: string;
  provider_customer_id: string | null;
};

/** The member's default card with this provider, else the card `fallbackId` names. */
export async function defaultOrFallbackCard(
  db: Db,
  identityId: string,
  fallbackId: string | null,
  provider: string,
): Promise<ChargeCardRow | undefined> {
  const result = await db.execute<ChargeCardRow>(sql`
    SELECT pm.id, pm.provider_payment_method_id, pm.last4, c.provider_customer_id
    FROM payment_methods pm
    LEFT JOIN customers c ON c.identity_id = pm.identity_id AND c.provider = pm.provider
    WHERE pm.identity_id = ${identityId} AND pm.provider = ${provider}
      AND (pm.is_default OR pm.id = ${fallbackId})
    ORDER BY pm.is_default DESC LIMIT 1`);
  return result.rows[0];
}

/**
 * A plan's card: its own card while it is saved and was not declined, else the member's default
 * card with this provider.
 */
export async function planChargeCard(
  db: Db,
  plan: {
    identityId: string;
    provider: string;
    defaultPaymentMethodId: string | null;
    declinedPaymentMethodId: string | null;
  },
): Promise<ChargeCardRow | undefined> {
  const result = await db.execute<ChargeCardRow>(sql`
      SELECT pm.id, pm.provider_payment_method_id, pm.last4, c.provider_customer_id
      FROM payment_methods pm
      LEFT JOIN customers c ON c.identity_id = pm.identity_id AND c.provider = pm.provider
      WHERE pm.identity_id = ${plan.identityId} AND pm.provider = ${plan.provider}
        AND (pm.is_default OR pm.id = ${plan.defaultPaymentMethodId})
      ORDER BY (pm.id = ${plan.defaultPaymentMethodId} AND pm.id IS DISTINCT FROM ${plan.declinedPaymentMethodId}) DESC,
        pm.is_default DESC
      LIMIT 1`);
  return result.rows[0];
}
