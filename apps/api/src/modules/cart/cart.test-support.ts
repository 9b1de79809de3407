import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type CouponRow, coupons } from './cart.table.ts';

/** Shared by the cart tests (not a test file itself). */

/** An identity row straight in the database, for tests below the HTTP layer. */
export async function insertIdentity(db: Db, prefix = 'member'): Promise<string> {
  const id = randomUUID();
  const tag = id.slice(0, 8);
  await db.execute(sql`
    INSERT INTO identities (id, email, referral_code, email_verified_at)
    VALUES (${id}, ${`${prefix}-${tag}@example.com`}, ${`R${tag}`}, now())`);
  return id;
}

/** A bare order row for a redemption to point at. */
export async function insertOrder(db: Db, identityId: string): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`
    INSERT INTO orders (id, identity_id, kind, status, price_cents, total_cents)
    VALUES (${id}, ${identityId}, 'tub_order', 'draft', 0, 0)`);
  return id;
}

export async function insertCoupon(
  db: Db,
  values: Partial<Omit<CouponRow, 'id' | 'createdAt'>> & { code: string },
): Promise<CouponRow> {
  const [row] = await db
    .insert(coupons)
    .values({ id: randomUUID(), kind: 'percent', percentOff: 10, ...values })
    .returning();
  return row!;
}

export async function couponById(db: Db, id: string) {
  const result = await db.execute<{ redemptions: number }>(
    sql`SELECT redemptions FROM coupons WHERE id = ${id}`,
  );
  return { redemptions: Number(result.rows[0]!.redemptions) };
}
