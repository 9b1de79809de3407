import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Mail } from '../mail/index.ts';
import { PAID_ORDER_STATUSES } from '../orders/index.ts';

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

/** The member closed the referral popup: the first time is kept. */
export async function markPopupShown(db: Db, identityId: string, at: Date): Promise<void> {
  await db.execute(sql`
    UPDATE identities SET referral_popup_shown_at = coalesce(referral_popup_shown_at, ${at.toISOString()})
    WHERE id = ${identityId}`);
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

export async function hasReward(tx: Db, referrerId: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT 1 FROM referral_rewards WHERE referrer_id = ${referrerId}`);
  return result.rows.length > 0;
}

// No 0/O or 1/I: the code is read from an email and typed into the cart.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newRewardCode(): string {
  let suffix = '';
  for (let i = 0; i < 8; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `FREETUB-${suffix}`;
}

/** The referrer's single-use free-tub coupon and the reward row (unique per referrer). */
export async function insertReward(
  tx: Db,
  referrerId: string,
  at: Date,
): Promise<{ couponId: string; code: string } | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const couponId = randomUUID();
    const code = newRewardCode();
    const inserted = await tx.execute(sql`
      INSERT INTO coupons (id, code, kind, max_redemptions, identity_id, description, created_at)
      VALUES (${couponId}, ${code}, 'free_tub', 1, ${referrerId}, 'Referral reward: one free tub', ${at.toISOString()})
      ON CONFLICT (code) DO NOTHING RETURNING id`);
    if (!inserted.rows.length) continue; // the code was taken (1 in 10^12): draw another
    const reward = await tx.execute(sql`
      INSERT INTO referral_rewards (id, referrer_id, coupon_id, created_at)
      VALUES (${randomUUID()}, ${referrerId}, ${couponId}, ${at.toISOString()})
      ON CONFLICT (referrer_id) DO NOTHING RETURNING id`);
    if (!reward.rows.length) {
      await tx.execute(sql`DELETE FROM coupons WHERE id = ${couponId}`);
      return undefined;
    }
    return { couponId, code };
  }
  throw new Error('Could not draw a free coupon code.');
}

/** Queues a mail in the payment's transaction, once per key (the cycle engine's mail queue). */
export async function queueMail(tx: Db, dedupeKey: string, mail: Mail, at: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO cycle_mails (dedupe_key, kind, to_address, subject, html, text, created_at)
    VALUES (${dedupeKey}, ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${at.toISOString()})
    ON CONFLICT (dedupe_key) DO NOTHING`);
}

/** Takes the queued mails of one kind, marking them sent: at most once, whoever else flushes. */
export async function takeUnsentMails(db: Db, kind: string, at: Date): Promise<Mail[]> {
  const result = await db.execute<{
    kind: string;
    to_address: string;
    subject: string;
    html: string;
    text: string;
  }>(sql`
    UPDATE cycle_mails SET sent_at = ${at.toISOString()}
    WHERE dedupe_key IN (
      SELECT dedupe_key FROM cycle_mails WHERE sent_at IS NULL AND kind = ${kind}
      ORDER BY created_at LIMIT 20 FOR UPDATE SKIP LOCKED)
    RETURNING kind, to_address, subject, html, text`);
  return result.rows.map((r) => ({
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    html: r.html,
    text: r.text,
  }));
}
