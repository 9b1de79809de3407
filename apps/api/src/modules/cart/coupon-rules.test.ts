import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { couponById, insertCoupon, insertIdentity, insertOrder } from './cart.test-support.ts';
import {
  COUPON_EXPIRED,
  COUPON_INVALID,
  COUPON_LIMIT,
  COUPON_USED,
  findUsableCoupon,
  redeemCoupon,
} from './coupon-rules.ts';

let database: Database;
const NOW = new Date('2026-11-22T12:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the coupon to be refused');
}

async function expectRefused(promise: Promise<unknown>, message: string, status = 400) {
  const error = await refusal(promise);
  expect(error.statusCode).toBe(status);
  expect(error.message).toBe(message);
}

describe('findUsableCoupon', () => {
  it('finds a coupon by its code trimmed and upper-cased', async () => {
    const db = database.db;
    const member = await insertIdentity(db);
    const coupon = await insertCoupon(db, { code: 'RULES10' });
    const found = await findUsableCoupon(db, '  rules10 ', member, NOW);
    expect(found.id).toBe(coupon.id);
  });

  it('refuses an unknown, empty or over-long code as not valid', async () => {
    const db = database.db;
    const member = await insertIdentity(db);
    await expectRefused(findUsableCoupon(db, 'NOPE-NOT-A-CODE', member, NOW), COUPON_INVALID);
    await expectRefused(findUsableCoupon(db, '   ', member, NOW), COUPON_INVALID);
    await expectRefused(findUsableCoupon(db, 'A'.repeat(33), member, NOW), COUPON_INVALID);
  });

  it('refuses an expired coupon, and one not started yet or switched off as not valid', async () => {
    const db = database.db;
    const member = await insertIdentity(db);
    await insertCoupon(db, { code: 'OLD', expiresAt: new Date(NOW.getTime() - HOUR) });
    await insertCoupon(db, { code: 'SOON', startsAt: new Date(NOW.getTime() + HOUR) });
    await insertCoupon(db, { code: 'OFF', active: false });
    await insertCoupon(db, {
      code: 'WINDOW',
      startsAt: new Date(NOW.getTime() - HOUR),
      expiresAt: new Date(NOW.getTime() + HOUR),
    });
    await expectRefused(findUsableCoupon(db, 'old', member, NOW), COUPON_EXPIRED);
    await expectRefused(findUsableCoupon(db, 'soon', member, NOW), COUPON_INVALID);
    await expectRefused(findUsableCoupon(db, 'off', member, NOW), COUPON_INVALID);
    expect((await findUsableCoupon(db, 'window', member, NOW)).code).toBe('WINDOW');
  });

  it("refuses another member's member-only coupon as not valid, and accepts it for its owner", async () => {
    const db = database.db;
    const owner = await insertIdentity(db, 'owner');
    const stranger = await insertIdentity(db, 'stranger');
    await insertCoupon(db, { code: 'FREETUB-OWNER', kind: 'free_tub', percentOff: null, identityId: owner });
    await expectRefused(findUsableCoupon(db, 'freetub-owner', stranger, NOW), COUPON_INVALID);
    expect((await findUsableCoupon(db, 'freetub-owner', owner, NOW)).identityId).toBe(owner);
  });

  it('refuses a coupon the member already redeemed, and one at its usage limit', async () => {
    const db = database.db;
    const member = await insertIdentity(db);
    const other = await insertIdentity(db);
    const once = await insertCoupon(db, { code: 'ONCE-EACH' });
    await redeemCoupon(db, once.id, member, await insertOrder(db, member), 120);
    await expectRefused(findUsableCoupon(db, 'once-each', member, NOW), COUPON_USED);
    expect((await findUsableCoupon(db, 'once-each', other, NOW)).id).toBe(once.id);

    const limited = await insertCoupon(db, { code: 'ONLY-ONE', maxRedemptions: 1 });
    await redeemCoupon(db, limited.id, other, await insertOrder(db, other), 50);
    await expectRefused(findUsableCoupon(db, 'only-one', member, NOW), COUPON_LIMIT);
  });
});

describe('redeemCoupon', () => {
  it('inserts one redemption and counts it', async () => {
    const db = database.db;
    const member = await insertIdentity(db);
    const coupon = await insertCoupon(db, { code: 'COUNTED' });
    const orderId = await insertOrder(db, member);
    await redeemCoupon(db, coupon.id, member, orderId, 345);
    expect((await couponById(db, coupon.id)).redemptions).toBe(1);
    const rows = await db.execute<{ order_id: string; discount_cents: number }>(
      sql`SELECT order_id, discount_cents FROM coupon_redemptions WHERE coupon_id = ${coupon.id}`,
    );
    expect(rows.rows).toEqual([{ order_id: orderId, discount_cents: 345 }]);
  });

  it('a second redemption by the same member is a 409 and rolls back with its transaction', async () => {
    const db = database.db;
    const member = await insertIdentity(db);
    const coupon = await insertCoupon(db, { code: 'TWICE' });
    await redeemCoupon(db, coupon.id, member, await insertOrder(db, member), 100);
    const orderId = await insertOrder(db, member);
    const error = await refusal(db.transaction((tx) => redeemCoupon(tx, coupon.id, member, orderId, 100)));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(COUPON_USED);
    expect((await couponById(db, coupon.id)).redemptions).toBe(1);
  });

  it('E7: of two concurrent redemptions of a single-use coupon exactly one wins', async () => {
    const db = database.db;
    const a = await insertIdentity(db, 'a');
    const b = await insertIdentity(db, 'b');
    const coupon = await insertCoupon(db, { code: 'SINGLE-USE', maxRedemptions: 1 });
    const orderA = await insertOrder(db, a);
    const orderB = await insertOrder(db, b);
    const results = await Promise.allSettled([
      db.transaction((tx) => redeemCoupon(tx, coupon.id, a, orderA, 500)),
      db.transaction((tx) => redeemCoupon(tx, coupon.id, b, orderB, 500)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0]!.reason as AppError).statusCode).toBe(409);
    expect((await couponById(db, coupon.id)).redemptions).toBe(1);
    const rows = await db.execute(sql`SELECT id FROM coupon_redemptions WHERE coupon_id = ${coupon.id}`);
    expect(rows.rows).toHaveLength(1);
  });

  it('E7: the same member redeeming one coupon twice at once counts it once', async () => {
    const db = database.db;
    const member = await insertIdentity(db);
    const coupon = await insertCoupon(db, { code: 'RACE-SELF' });
    const orders = [await insertOrder(db, member), await insertOrder(db, member)];
    const results = await Promise.allSettled(
      orders.map((orderId) => db.transaction((tx) => redeemCoupon(tx, coupon.id, member, orderId, 200))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await couponById(db, coupon.id)).redemptions).toBe(1);
  });
});
