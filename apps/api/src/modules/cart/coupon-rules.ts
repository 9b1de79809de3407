import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type CouponRow, couponRedemptions, coupons } from './cart.table.ts';
import type { CouponTerms } from './cart-pricing.ts';

export const COUPON_INVALID = 'This coupon code is not valid.';
export const COUPON_EXPIRED = 'This coupon has expired.';
export const COUPON_USED = 'You have already used this coupon.';
export const COUPON_LIMIT = 'This coupon has reached its usage limit.';

/** A code as typed: trimmed and upper-cased (codes are stored upper-case). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export function couponTerms(row: Pick<CouponRow, 'kind' | 'percentOff' | 'amountOffCents'>): CouponTerms {
  return { kind: row.kind, percentOff: row.percentOff, amountOffCents: row.amountOffCents };
}

/**
 * Why this coupon cannot be used by this member now, or null when it can. `alreadyUsed` is whether
 * the member has a redemption of it. Pure, so applying and paying judge a coupon the same way.
 */
export function couponProblem(
  coupon: CouponRow,
  identityId: string,
  now: Date,
  alreadyUsed: boolean,
): string | null {
  // Inactive, not yet started and someone else's coupon all read as "not valid": they must not
  // tell a stranger that the code exists.
  if (!coupon.active) return COUPON_INVALID;
  if (coupon.identityId !== null && coupon.identityId !== identityId) return COUPON_INVALID;
  if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime()) return COUPON_INVALID;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return COUPON_EXPIRED;
  if (alreadyUsed) return COUPON_USED;
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return COUPON_LIMIT;
  return null;
}

/**
 * The coupon a member may use now, found by its code (trimmed, upper-cased), or a 400 AppError
 * whose error_description says why not. Honours active, starts_at, expires_at, the member-only
 * identity_id, once per member (coupon_redemptions) and max_redemptions.
 */
export async function findUsableCoupon(
  tx: Db,
  code: string,
  identityId: string,
  now: Date,
): Promise<CouponRow> {
  const normalized = normalizeCouponCode(code);
  if (normalized.length === 0 || normalized.length > 32) throw badRequest(COUPON_INVALID);
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, normalized)).limit(1);
  if (!coupon) throw badRequest(COUPON_INVALID);
  return assertCouponUsable(tx, coupon, identityId, now);
}

/** The same checks for a coupon already on a cart (by id), e.g. again at checkout. */
export async function findUsableCouponById(
  tx: Db,
  couponId: string,
  identityId: string,
  now: Date,
): Promise<CouponRow> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).limit(1);
  if (!coupon) throw badRequest(COUPON_INVALID);
  return assertCouponUsable(tx, coupon, identityId, now);
}

/** Whether the member has a redemption of the coupon (once per member). */
export async function hasRedeemed(tx: Db, couponId: string, identityId: string): Promise<boolean> {
  const used = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.identityId, identityId)))
    .limit(1);
  return used.length > 0;
}

async function assertCouponUsable(
  tx: Db,
  coupon: CouponRow,
  identityId: string,
  now: Date,
): Promise<CouponRow> {
  const problem = couponProblem(coupon, identityId, now, await hasRedeemed(tx, coupon.id, identityId));
  if (problem) throw badRequest(problem);
  return coupon;
}

/**
 * Records that a paid order used the coupon: one redemption row and `redemptions + 1`, atomically.
 * The counter only moves while it is under max_redemptions (a conditional UPDATE), and the unique
 * (coupon_id, identity_id) index keeps it once per member, so of two concurrent single-use
 * redemptions exactly one wins; the other gets a 409 and its transaction must roll back.
 * Call it inside the transaction that marks the order paid.
 */
export async function redeemCoupon(
  tx: Db,
  couponId: string,
  identityId: string,
  orderId: string,
  discountCents: number,
): Promise<void> {
  if (!Number.isInteger(discountCents) || discountCents < 0) {
    throw new AppError('bad_request', 'The coupon discount must be a whole number of cents.');
  }
  const bumped = await tx
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        or(isNull(coupons.maxRedemptions), lt(coupons.redemptions, coupons.maxRedemptions)),
      ),
    )
    .returning({ id: coupons.id });
  if (bumped.length === 0) throw new AppError('conflict', COUPON_LIMIT);
  const inserted = await tx
    .insert(couponRedemptions)
    .values({ id: randomUUID(), couponId, identityId, orderId, discountCents })
    .onConflictDoNothing({ target: [couponRedemptions.couponId, couponRedemptions.identityId] })
    .returning({ id: couponRedemptions.id });
  if (inserted.length === 0) throw new AppError('conflict', COUPON_USED);
}
