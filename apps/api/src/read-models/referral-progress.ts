import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { PAID_ORDER_STATUSES } from '../modules/orders/index.ts';

/*
 * A member's referrals (docs/product.md#referrals) as the accounts', orders' and coupons' tables
 * hold them: the code, the people who signed up with it and those whose first box is paid, the
 * reward's coupon; and the referrer, locked (`FOR UPDATE`) in the caller's transaction while the
 * referrals module decides on the reward. Read-only; the referrals module writes its own rows.
 */

const paidStatuses = sql.raw(PAID_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

export interface ReferralSummaryRow {
  referralCode: string;
  referredCount: number;
  paidCount: number;
  couponCode: string | null;
  redeemed: boolean;
  issuedAt: Date | null;
  popupShownAt: Date | null;
}

/** The member's code, their referred people (not themselves), those with a paid first box, and the reward. */
export async function referralSummary(db: Db, identityId: string): Promise<ReferralSummaryRow | undefined> {
  const result = await db.execute<{
    referral_code: string;
    referred: number;
    paid: number;
    coupon_code: string | null;
    redeemed: boolean | null;
    issued_at: Date | string | null;
    popup_shown_at: Date | string | null;
  }>(sql`
    SELECT me.referral_code,
      (SELECT count(*)::int FROM identities r WHERE r.referred_by_code = me.referral_code AND r.id <> me.id) AS referred,
      (SELECT count(DISTINCT r.id)::int FROM identities r
         JOIN orders o ON o.identity_id = r.id AND o.kind = 'first_box' AND o.status IN (${paidStatuses})
         WHERE r.referred_by_code = me.referral_code AND r.id <> me.id) AS paid,
      c.code AS coupon_code, (c.redemptions > 0) AS redeemed, rr.created_at AS issued_at,
      me.referral_popup_shown_at AS popup_shown_at
    FROM identities me
    LEFT JOIN referral_rewards rr ON rr.referrer_id = me.id
    LEFT JOIN coupons c ON c.id = rr.coupon_id
    WHERE me.id = ${identityId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    referralCode: row.referral_code,
    referredCount: Number(row.referred),
    paidCount: Number(row.paid),
    couponCode: row.coupon_code,
    redeemed: row.redeemed === true,
    issuedAt: row.issued_at ? new Date(row.issued_at) : null,
    popupShownAt: row.popup_shown_at ? new Date(row.popup_shown_at) : null,
  };
}

export interface Referrer {
  id: string;
  email: string;
  referralCode: string;
}

/**
 * The person whose code `identityId` signed up with, locked until the transaction ends, so
 * two referred members paying at once are counted one after the other. Undefined when there
 * is none, or when the code is the person's own.
 */
export async function lockReferrerOf(tx: Db, identityId: string): Promise<Referrer | undefined> {
  const result = await tx.execute<{ id: string; email: string; referral_code: string }>(sql`
    SELECT ref.id, ref.email, ref.referral_code FROM identities ref
    WHERE ref.referral_code = (SELECT me.referred_by_code FROM identities me WHERE me.id = ${identityId})
      AND ref.id <> ${identityId}
    FOR UPDATE`);
  const row = result.rows[0];
  return row ? { id: row.id, email: row.email, referralCode: row.referral_code } : undefined;
}

/** How many people referred by this code (never the referrer) have a paid first box. */
export async function paidReferralCount(tx: Db, referrer: Referrer): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    SELECT count(DISTINCT r.id)::int AS n FROM identities r
    JOIN orders o ON o.identity_id = r.id AND o.kind = 'first_box' AND o.status IN (${paidStatuses})
    WHERE r.referred_by_code = ${referrer.referralCode} AND r.id <> ${referrer.id}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The identity itself as a referrer, locked until the transaction ends (see lockReferrerOf). */
export async function lockReferrer(tx: Db, identityId: string): Promise<Referrer | undefined> {
  const result = await tx.execute<{ id: string; email: string; referral_code: string }>(sql`
    SELECT id, email, referral_code FROM identities WHERE id = ${identityId} FOR UPDATE`);
  const row = result.rows[0];
  return row ? { id: row.id, email: row.email, referralCode: row.referral_code } : undefined;
}

/** A member: someone whose own first box is paid (the shop, and so a free tub, is theirs to use). */
export async function isMember(tx: Db, identityId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT 1 FROM orders WHERE identity_id = ${identityId} AND kind = 'first_box' AND status IN (${paidStatuses})
    LIMIT 1`);
  return result.rows.length > 0;
}
