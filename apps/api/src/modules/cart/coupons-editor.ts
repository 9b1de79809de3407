import type { AdminCouponInput } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/*
 * The back office's writes to the coupons (docs/product.md#back-office): a new coupon, its end
 * moved to now, switched on or off. Each runs in the caller's transaction, which writes the
 * audit row with it; the rules a member meets are in coupon-rules.ts.
 */

/** Whether a coupon already has this code. */
export async function isCouponCodeTaken(tx: Db, code: string): Promise<boolean> {
  const taken = await tx.execute(sql`SELECT 1 FROM coupons WHERE code = ${code}`);
  return taken.rows.length > 0;
}

/** A new coupon, active from `at`'s row on (its own dates decide when members may use it). */
export async function insertCoupon(tx: Db, id: string, input: AdminCouponInput, at: Date): Promise<void> {
  const startsAt = input.startsAt ? new Date(input.startsAt).toISOString() : null;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  await tx.execute(sql`
          INSERT INTO coupons (id, code, kind, percent_off, amount_off_cents, starts_at, expires_at,
            max_redemptions, description, active, created_at)
          VALUES (${id}, ${input.code}, ${input.kind},
            ${input.kind === 'percent' ? (input.percentOff ?? null) : null},
            ${input.kind === 'fixed' ? (input.amountOffCents ?? null) : null},
            ${startsAt}, ${expiresAt}, ${input.maxRedemptions ?? null}, ${input.description}, true,
            ${at.toISOString()})`);
}

/** The coupon ends at `at`. */
export async function expireCoupon(tx: Db, id: string, at: Date): Promise<void> {
  await tx.execute(sql`UPDATE coupons SET expires_at = ${at.toISOString()} WHERE id = ${id}`);
}

/** Switches the coupon on or off. */
export async function setCouponActive(tx: Db, id: string, isActive: boolean): Promise<void> {
  await tx.execute(sql`UPDATE coupons SET active = ${isActive} WHERE id = ${id}`);
}
