import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rewardCoupons } from '../cart/index.ts';
import type { Mail } from '../mail/index.ts';

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
    const inserted = await rewardCoupons.insertFreeTubCoupon(tx, {
      id: couponId,
      code,
      identityId: referrerId,
      description: 'Referral reward: one free tub',
      at,
    });
    if (!inserted) continue; // the code was taken (1 in 10^12): draw another
    const reward = await tx.execute(sql`
      INSERT INTO referral_rewards (id, referrer_id, coupon_id, created_at)
      VALUES (${randomUUID()}, ${referrerId}, ${couponId}, ${at.toISOString()})
      ON CONFLICT (referrer_id) DO NOTHING RETURNING id`);
    if (!reward.rows.length) {
      await rewardCoupons.deleteCoupon(tx, couponId);
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
