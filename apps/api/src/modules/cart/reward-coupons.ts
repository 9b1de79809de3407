import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/*
 * The referral reward's coupon (docs/product.md#referrals): a single-use free-tub coupon of one
 * member, written in the referrals' transaction; the cart's face exports these as `rewardCoupons`.
 */

/** Inserts the coupon unless its code is taken; false when it is. */
export async function insertFreeTubCoupon(
  tx: Db,
  coupon: { id: string; code: string; identityId: string; description: string; at: Date },
): Promise<boolean> {
  const inserted = await tx.execute(sql`
      INSERT INTO coupons (id, code, kind, max_redemptions, identity_id, description, created_at)
      VALUES (${coupon.id}, ${coupon.code}, 'free_tub', 1, ${coupon.identityId}, ${coupon.description}, ${coupon.at.toISOString()})
      ON CONFLICT (code) DO NOTHING RETURNING id`);
  return inserted.rows.length > 0;
}

/** Drops a coupon inserted in this transaction that turned out not to be needed. */
export async function deleteCoupon(tx: Db, couponId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM coupons WHERE id = ${couponId}`);
}
