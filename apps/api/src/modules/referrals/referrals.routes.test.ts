import { MyReferralsSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { quizMember } from '../shop/shop.test-support.ts';
import { REFERRAL_REWARD_MAIL, referralRewardMail } from './referral.mail.tsx';
import { queueMail } from './referrals.repository.ts';
import { createReferralsService } from './referrals.service.ts';

const PUBLIC_URL = 'https://samples.example.com';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: PUBLIC_URL }, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const mine = (token: string) => server.request('GET', '/api/referrals/Mine', { token });

async function count(query: ReturnType<typeof sql>, store: TestServer = server): Promise<number> {
  const result = await store.database.db.execute<{ n: number }>(query);
  return Number(result.rows[0]!.n);
}

const rewardMailsTo = (to: string) =>
  sql`SELECT count(*)::int AS n FROM emails WHERE to_address = ${to} AND kind = ${REFERRAL_REWARD_MAIL}`;

const rewardsOf = (identityId: string) =>
  count(sql`SELECT count(*)::int AS n FROM referral_rewards WHERE referrer_id = ${identityId}`);

/**
 * Reward mails sent to an address. The mail goes out after the payment's transaction commits, by
 * flushes from 0.1 to 30 s later; a loaded machine can miss the first, so this waits (up to
 * 10 s) until `expected` have arrived, or, expecting none, gives the first flush its chance.
 */
async function rewardMails(to: string, expected: number): Promise<number> {
  const sent = () => count(rewardMailsTo(to));
  if (expected === 0) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return sent();
  }
  const deadline = Date.now() + 10_000;
  let n = await sent();
  while (n < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    n = await sent();
  }
  return n;
}

async function referralCodeOf(identityId: string): Promise<string> {
  const result = await server.database.db.execute<{ referral_code: string }>(
    sql`SELECT referral_code FROM identities WHERE id = ${identityId}`,
  );
  return result.rows[0]!.referral_code;
}

describe('referral code from the quiz link to the new account', () => {
  it("quiz step 12 registration keeps the link's referralCode as the new identity's referred_by_code", async () => {
    const referrer = await quizMember(server, { prefix: 'referrer' });
    const code = await referralCodeOf(referrer.identityId);
    const friend = await quizMember(server, { prefix: 'friend', referralCode: code });
    const result = await server.database.db.execute<{ referred_by_code: string | null }>(
      sql`SELECT referred_by_code FROM identities WHERE id = ${friend.identityId}`,
    );
    expect(result.rows[0]!.referred_by_code).toBe(code);
    const summary = MyReferralsSchema.parse((await mine(referrer.token)).body);
    expect(summary.referredCount).toBe(1);
    expect(summary.paidCount).toBe(0);
  });
});

describe('GET /api/referrals/Mine', () => {
  it('B4: answers 401 without a session', async () => {
    expect((await server.request('GET', '/api/referrals/Mine')).status).toBe(401);
  });

  it("answers the member's link built from PUBLIC_URL, never from the request's host", async () => {
    const member = await quizMember(server, { prefix: 'linker' });
    const res = await mine(member.token);
    expect(res.status).toBe(200);
    const code = await referralCodeOf(member.identityId);
    expect(res.body).toEqual({
      referralCode: code,
      referralLink: `${PUBLIC_URL}/take-quiz/1?referralCode=${code}`,
      referredCount: 0,
      paidCount: 0,
      requiredCount: 2,
      reward: null,
      popupShownAt: null,
    });
  });
});

describe('POST /api/referrals/PopupShown', () => {
  it('B4: answers 401 without a session', async () => {
    expect((await server.request('POST', '/api/referrals/PopupShown')).status).toBe(401);
  });

  it('keeps the first time the member closed the popup, for every device', async () => {
    const member = await quizMember(server, { prefix: 'popup' });
    expect((await server.request('POST', '/api/referrals/PopupShown', { token: member.token })).status).toBe(
      204,
    );
    const first = (await mine(member.token)).body.popupShownAt;
    expect(first).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await server.request('POST', '/api/referrals/PopupShown', { token: member.token })).status).toBe(
      204,
    );
    expect((await mine(member.token)).body.popupShownAt).toBe(first);
  });
});

describe('the free-tub reward (docs/product.md#referrals)', () => {
  it('is issued after exactly the 2nd referred member pays a first box, never again, with one mail', async () => {
    const referrer = await quizMember(server, { prefix: 'sharer' });
    // The referrer is a member: their own first box is paid.
    await payOrder(server, referrer, referrer.orderId);
    const code = await referralCodeOf(referrer.identityId);
    const [first, second, third] = [
      await quizMember(server, { prefix: 'f1', referralCode: code }),
      await quizMember(server, { prefix: 'f2', referralCode: code }),
      await quizMember(server, { prefix: 'f3', referralCode: code }),
    ];

    await payOrder(server, first!, first!.orderId);
    expect(await rewardsOf(referrer.identityId)).toBe(0);
    expect((await mine(referrer.token)).body).toMatchObject({ referredCount: 3, paidCount: 1, reward: null });

    await payOrder(server, second!, second!.orderId);
    expect(await rewardsOf(referrer.identityId)).toBe(1);
    const coupon = await server.database.db.execute<Record<string, unknown>>(sql`
      SELECT c.* FROM coupons c JOIN referral_rewards r ON r.coupon_id = c.id WHERE r.referrer_id = ${referrer.identityId}`);
    expect(coupon.rows[0]).toMatchObject({
      kind: 'free_tub',
      identity_id: referrer.identityId,
      max_redemptions: 1,
      redemptions: 0,
    });
    expect(coupon.rows[0]!.code).toMatch(/^FREETUB-[A-HJ-NP-Z2-9]{8}$/);
    const summary = (await mine(referrer.token)).body;
    expect(summary).toMatchObject({
      paidCount: 2,
      reward: { couponCode: coupon.rows[0]!.code, redeemed: false },
    });
    expect(await rewardMails(referrer.email, 1)).toBe(1);
    const mail = await server.database.db.execute<{ text: string }>(
      sql`SELECT text FROM emails WHERE to_address = ${referrer.email} AND kind = ${REFERRAL_REWARD_MAIL}`,
    );
    expect(mail.rows[0]!.text).toContain(String(coupon.rows[0]!.code));
    expect(mail.rows[0]!.text).toContain(`${PUBLIC_URL}/shop`);

    // A third paid friend, and a later flush, change nothing.
    await payOrder(server, third!, third!.orderId);
    await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(await rewardsOf(referrer.identityId)).toBe(1);
    expect(await rewardMails(referrer.email, 1)).toBe(1);
    expect((await mine(referrer.token)).body.paidCount).toBe(3);
  });

  it('is issued once when the 2nd and 3rd referred members pay at the same moment', async () => {
    const referrer = await quizMember(server, { prefix: 'racer' });
    // The referrer is a member: their own first box is paid.
    await payOrder(server, referrer, referrer.orderId);
    const code = await referralCodeOf(referrer.identityId);
    const friends = [
      await quizMember(server, { prefix: 'r1', referralCode: code }),
      await quizMember(server, { prefix: 'r2', referralCode: code }),
      await quizMember(server, { prefix: 'r3', referralCode: code }),
    ];
    await payOrder(server, friends[0]!, friends[0]!.orderId);
    await Promise.all(friends.slice(1).map((f) => payOrder(server, f, f.orderId)));
    expect(await rewardsOf(referrer.identityId)).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM coupons WHERE identity_id = ${referrer.identityId} AND kind = 'free_tub'`,
      ),
    ).toBe(1);
    expect(await rewardMails(referrer.email, 1)).toBe(1);
  });

  it('is issued once when two referred members pay their first boxes concurrently (the 1st and 2nd)', async () => {
    const referrer = await quizMember(server, { prefix: 'pair' });
    // The referrer is a member: their own first box is paid.
    await payOrder(server, referrer, referrer.orderId);
    const code = await referralCodeOf(referrer.identityId);
    const friends = [
      await quizMember(server, { prefix: 'p1', referralCode: code }),
      await quizMember(server, { prefix: 'p2', referralCode: code }),
    ];
    await Promise.all(friends.map((f) => payOrder(server, f, f.orderId)));
    // Counted one after the other under the referrer's row lock: neither payment misses the other.
    expect(await rewardsOf(referrer.identityId)).toBe(1);
    expect(await rewardMails(referrer.email, 1)).toBe(1);
  });

  // Two payment transactions that have each marked their own first box paid, neither committed:
  // without the referrer's row lock each would count 1 paid friend and the reward would be lost.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'counts two uncommitted first-box payments one after the other (PostgreSQL, real concurrency)',
    async () => {
      const referrer = await quizMember(server, { prefix: 'locker' });
      // The referrer is a member: their own first box is paid.
      await payOrder(server, referrer, referrer.orderId);
      const code = await referralCodeOf(referrer.identityId);
      const friends = [
        await quizMember(server, { prefix: 'l1', referralCode: code }),
        await quizMember(server, { prefix: 'l2', referralCode: code }),
      ];
      const referrals = createReferralsService({
        db: server.database.db,
        clock: () => new Date(),
        mailer: { send: async () => {} },
        config: { publicUrl: PUBLIC_URL },
        log: { error: () => {} },
      });
      let arrived = 0;
      let release: () => void = () => {};
      const bothMarked = new Promise<void>((resolve) => {
        release = resolve;
      });
      await Promise.all(
        friends.map((friend) =>
          server.database.db.transaction(async (tx) => {
            await tx.execute(sql`UPDATE orders SET status = 'paid' WHERE id = ${friend.orderId}`);
            if (++arrived === 2) release();
            await bothMarked;
            await referrals.onFirstBoxPaid(tx, friend.identityId);
          }),
        ),
      );
      expect(await rewardsOf(referrer.identityId)).toBe(1);
    },
  );

  it("the reward is one free tub in the referrer's own cart, once; nobody else can use its code", async () => {
    const referrer = await quizMember(server, { prefix: 'spender' });
    await payOrder(server, referrer, referrer.orderId);
    const code = await referralCodeOf(referrer.identityId);
    for (const prefix of ['s1', 's2']) {
      const friend = await quizMember(server, { prefix, referralCode: code });
      await payOrder(server, friend, friend.orderId);
    }
    const couponCode = (await mine(referrer.token)).body.reward.couponCode as string;
    const shop = await server.request('GET', '/api/product/GetShopProducts', { token: referrer.token });
    const tub = shop.body.subscribedToProducts[0];
    const added = await server.request('POST', `/api/cart/addToCart?productId=${tub.id}&cartId=0`, {
      token: referrer.token,
    });
    expect(added.status).toBe(200);
    const applied = await server.request(
      'POST',
      `/api/cart/ApplyCoupon?cartId=${added.body.id}&code=${couponCode.toLowerCase()}`,
      { token: referrer.token },
    );
    expect(applied.status).toBe(200);
    expect(applied.body.couponCode).toBe(couponCode);
    expect(applied.body.couponDiscount).toBe(tub.discountedPrice);

    // Another member's cart: the code is not theirs.
    const other = await quizMember(server, { prefix: 'other' });
    await payOrder(server, other, other.orderId);
    const otherShop = await server.request('GET', '/api/product/GetShopProducts', { token: other.token });
    const otherCart = await server.request(
      'POST',
      `/api/cart/addToCart?productId=${otherShop.body.subscribedToProducts[0].id}&cartId=0`,
      { token: other.token },
    );
    const refused = await server.request(
      'POST',
      `/api/cart/ApplyCoupon?cartId=${otherCart.body.id}&code=${couponCode}`,
      { token: other.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBeTruthy();
  });

  it('goes to a referrer who can use it: one without a membership gets it when they start one', async () => {
    const referrer = await quizMember(server, { prefix: 'not-yet' });
    const code = await referralCodeOf(referrer.identityId);
    for (const prefix of ['n1', 'n2']) {
      const friend = await quizMember(server, { prefix, referralCode: code });
      await payOrder(server, friend, friend.orderId);
    }
    // Two friends paid, but the referrer has no membership: a free tub they could not use is not issued.
    expect(await rewardsOf(referrer.identityId)).toBe(0);
    expect((await mine(referrer.token)).body).toMatchObject({ paidCount: 2, reward: null });
    expect(await rewardMails(referrer.email, 0)).toBe(0);

    // They start their membership: the reward is theirs at once, with its mail, once.
    await payOrder(server, referrer, referrer.orderId);
    expect(await rewardsOf(referrer.identityId)).toBe(1);
    expect((await mine(referrer.token)).body.reward).toMatchObject({ redeemed: false });
    expect(await rewardMails(referrer.email, 1)).toBe(1);
  });

  it('ignores self-referral: a member whose own code is their referrer earns nothing', async () => {
    const self = await quizMember(server, { prefix: 'self' });
    const code = await referralCodeOf(self.identityId);
    await server.database.db.execute(
      sql`UPDATE identities SET referred_by_code = ${code} WHERE id = ${self.identityId}`,
    );
    const friend = await quizMember(server, { prefix: 'one-friend', referralCode: code });
    await payOrder(server, self, self.orderId);
    await payOrder(server, friend, friend.orderId);
    expect(await rewardsOf(self.identityId)).toBe(0);
    expect((await mine(self.token)).body).toMatchObject({ referredCount: 1, paidCount: 1, reward: null });
    expect(await rewardMails(self.email, 0)).toBe(0);
  });

  it('a reward mail that no flush after its payment saw goes out with the next payment-reconciliation run, once', async () => {
    // A store of its own: this file's earlier rewards leave flushes pending for up to 30 s, and
    // one of those would send the mail before the job could.
    const own = await startTestServer({ publicUrl: PUBLIC_URL });
    try {
      const to = 'late-commit-referrer@example.com';
      const sent = () => count(rewardMailsTo(to), own);
      // As a payment's transaction leaves it when every quick flush ran before its commit: queued, unsent.
      const mail = await referralRewardMail(to, 'LATE-COMMIT', `${PUBLIC_URL}/shop`);
      await queueMail(own.database.db, 'referral-reward:late-commit', mail, new Date());
      expect(await sent()).toBe(0);

      const scheduler = own.app.scheduler;
      const reconciliation = scheduler.jobs.find((j) => j.name === 'payment-reconciliation')!;
      await scheduler.runNow(reconciliation);
      expect(await sent()).toBe(1);
      await scheduler.runNow(reconciliation);
      expect(await sent()).toBe(1);
    } finally {
      await own.close();
    }
  });
});
