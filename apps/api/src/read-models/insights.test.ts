import { randomUUID } from 'node:crypto';
import type { AdminInsights } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../modules/accounts/accounts.seed.ts';
import { operatorToken } from '../modules/admin/members.test-support.ts';
import {
  checkoutCart,
  newCart,
  newShopper,
  setStock,
} from '../modules/cart-checkout/cart-checkout.test-support.ts';
import {
  type Member,
  newMember,
  PASSWORD,
  payOrder,
  relaxedLimiter,
} from '../modules/checkout/checkout.test-support.ts';
import { startTestServer, type TestServer } from '../test/helpers.ts';

/*
 * docs/product.md#insights through HTTP: members and quizzes made through the store's own API
 * (the quiz, the checkout, the member's actions, the operator's refund, the dev clock's sweep),
 * and each figure of GET /api/admin/insights checked to move by exactly what they add.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The dev clock: every request and every sweep reads this time. */
let now = Date.parse('2027-05-12T12:00:00.000Z');
let server: TestServer;
let admin: string;

const today = () => new Date(now).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock: () => new Date(now) });
  admin = await operatorToken(server);
});
afterAll(async () => {
  await server?.close();
});

/** Moves the clock on; tokens expire with time, so the operator signs in again. */
async function advance(days: number) {
  now += days * DAY;
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(login.status).toBe(200);
  admin = login.body.token;
  const swept = await server.request(
    'POST',
    `/api/dev/sweep?at=${encodeURIComponent(new Date(now).toISOString())}`,
  );
  expect(swept.status).toBe(200);
}

async function signIn(member: Member): Promise<Member> {
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: member.email, password: PASSWORD },
  });
  expect(login.status).toBe(200);
  return { ...member, token: login.body.token };
}

async function insights(from = today(), to = today()): Promise<AdminInsights> {
  const res = await server.request('GET', `/api/admin/insights?from=${from}&to=${to}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body as AdminInsights;
}

async function paidMember(prefix: string, schedule = 0): Promise<Member> {
  const m = await newMember(server, prefix);
  await payOrder(server, m, m.orderId, schedule);
  return m;
}

async function orderTotal(orderId: string): Promise<number> {
  const rows = await server.database.db.execute<{ total_cents: number }>(
    sql`SELECT total_cents FROM orders WHERE id = ${orderId}`,
  );
  return Number(rows.rows[0]!.total_cents);
}

async function boxProducts(orderId: string): Promise<number[]> {
  const rows = await server.database.db.execute<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${orderId} AND list_price_cents IS NULL ORDER BY product_id`,
  );
  return rows.rows.map((r) => Number(r.product_id));
}

const reached = (i: AdminInsights) => i.quizFunnel.steps.map((s) => s.reached);
const diff = (after: number[], before: number[]) => after.map((n, k) => n - before[k]!);

/** The answers of steps 1-3 only: exercise types, frequency, goals. */
const FIRST_THREE = { exerciseTypes: [0], exerciseFrequency: 1, fitnessGoals: [1] };

describe('GET /api/admin/insights', () => {
  it('a new 45-day member adds 933 cents to MRR, one member, the first box and a full quiz', async () => {
    const before = await insights();
    const m = await paidMember('mrr45', 1);
    const after = await insights();

    expect(after.mrrCents - before.mrrCents).toBe(933);
    expect(after.activeMembers - before.activeMembers).toBe(1);
    expect(after.newMembers - before.newMembers).toBe(1);
    expect(after.pausedMembers).toBe(before.pausedMembers);
    expect(after.revenueCents.firstBoxesCents - before.revenueCents.firstBoxesCents).toBe(
      await orderTotal(m.orderId),
    );
    expect(after.revenueCents.totalCents - before.revenueCents.totalCents).toBe(await orderTotal(m.orderId));
    expect(after.revenueCents.tubPlansCents).toBe(0);
    // The MRR series ends today with the snapshot's figure (nobody is paused).
    expect(after.mrrSeries.at(-1)).toEqual({ day: today(), mrrCents: after.mrrCents });

    // Registered at step 12 and paid: every step, registered, results seen and paid move by one.
    expect(diff(reached(after), reached(before))).toEqual(Array(12).fill(1));
    expect(after.quizFunnel.registered - before.quizFunnel.registered).toBe(1);
    expect(after.quizFunnel.resultsSeen - before.quizFunnel.resultsSeen).toBe(1);
    expect(after.quizFunnel.paid - before.quizFunnel.paid).toBe(1);

    // Its quiz answered fitness goal 0 and no diet.
    const goal = (i: AdminInsights) => i.byQuizProfile.fitnessGoals.find((g) => g.answerId === 0);
    expect((goal(after)?.members ?? 0) - (goal(before)?.members ?? 0)).toBe(1);
    expect((goal(after)?.revenueCents ?? 0) - (goal(before)?.revenueCents ?? 0)).toBe(
      await orderTotal(m.orderId),
    );
    expect(goal(after)?.name).toBe('Build muscle');

    // This month's cohort gains the member; each sample of the paid box counts as sampled.
    const month = today().slice(0, 7);
    const cohort = (i: AdminInsights) => i.cohorts.find((c) => c.month === month)?.members ?? 0;
    expect(cohort(after) - cohort(before)).toBe(1);
    for (const productId of await boxProducts(m.orderId)) {
      const sampled = (i: AdminInsights) =>
        i.sampleToTub.find((s) => s.productId === productId)?.sampled ?? 0;
      expect(sampled(after) - sampled(before)).toBe(1);
    }
    // The box is billed and not assembled yet: its prime picks are samples the coming boxes need.
    for (const productId of await boxProducts(m.orderId)) {
      const chosen = (i: AdminInsights) => i.sampleDemand.find((s) => s.productId === productId)?.chosen ?? 0;
      expect(chosen(after) - chosen(before)).toBe(1);
    }
  });

  it('a quiz abandoned at step 3 adds to reached for steps 1-3 only; without step, by its answers', async () => {
    const before = await insights();
    const res = await server.request('POST', '/api/theQuiz/TakeQuiz', { body: { ...FIRST_THREE, step: 3 } });
    expect(res.status).toBe(200);
    const after = await insights();
    expect(diff(reached(after), reached(before))).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(after.quizFunnel.registered).toBe(before.quizFunnel.registered);

    // A quiz saved without `step` counts by the furthest answer it holds (the diet: step 4).
    const noStep = await server.request('POST', '/api/theQuiz/TakeQuiz', {
      body: { ...FIRST_THREE, dietaryPreferences: [1] },
    });
    expect(noStep.status).toBe(200);
    const third = await insights();
    expect(diff(reached(third), reached(after))).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('keeps the furthest step; step 8 counts the skipped step 7; a later lower step does not go back', async () => {
    const before = await insights();
    const first = await server.request('POST', '/api/theQuiz/TakeQuiz', {
      body: { ...FIRST_THREE, step: 8 },
    });
    expect(first.status).toBe(200);
    const cookie = first.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    const back = await server.request('POST', '/api/theQuiz/TakeQuiz', {
      body: { ...FIRST_THREE, id: first.body.id, step: 2 },
      headers: { cookie },
    });
    expect(back.status).toBe(200);
    const after = await insights();
    expect(diff(reached(after), reached(before))).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
    // Answered step 8 and went no further: the most quizzes stopped there in this test's day so far.
    expect(after.quizFunnel.biggestDropStep).not.toBeNull();
  });

  it('refuses a step outside 1-12 with a 400 and stores nothing', async () => {
    const before = await insights();
    const res = await server.request('POST', '/api/theQuiz/TakeQuiz', { body: { ...FIRST_THREE, step: 13 } });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBeTruthy();
    expect(reached(await insights())).toEqual(reached(before));
  });

  it('a cancellation with reason 1 adds to that reason, to canceled members and takes the MRR off', async () => {
    const m = await paidMember('cancel1');
    const before = await insights();
    const shown = await server.request('GET', '/api/user/CancelOffer?cancelReason=1', { token: m.token });
    expect(shown.status).toBe(200);
    const canceled = await server.request('POST', '/api/user/CancelSubscription?cancelReason=1', {
      token: m.token,
    });
    expect(canceled.status).toBe(200);
    const after = await insights();

    const reason = (i: AdminInsights, id: number) => i.cancelReasons.find((r) => r.reason === id)!;
    expect(reason(after, 1).name).toBe('Found Cheaper Prices');
    expect(reason(after, 1).offered - reason(before, 1).offered).toBe(1);
    expect(reason(after, 1).canceled - reason(before, 1).canceled).toBe(1);
    expect(reason(after, 1).saved).toBe(reason(before, 1).saved);
    for (const other of [0, 2, 3]) expect(reason(after, other)).toEqual(reason(before, other));
    expect(after.canceledMembers - before.canceledMembers).toBe(1);
    expect(after.mrrCents - before.mrrCents).toBe(-1400);
    expect(after.activeMembers - before.activeMembers).toBe(-1);
  });

  it('a pause moves a member from active to paused and takes the MRR off', async () => {
    const m = await paidMember('pause', 2);
    const before = await insights();
    const paused = await server.request('POST', '/api/user/PauseSubscription?cycles=2', { token: m.token });
    expect(paused.status).toBe(200);
    const after = await insights();
    expect(after.pausedMembers - before.pausedMembers).toBe(1);
    expect(after.activeMembers - before.activeMembers).toBe(-1);
    expect(after.mrrCents - before.mrrCents).toBe(-700);
  });

  it("the operator's refund is taken off the total, the first box's revenue stays", async () => {
    const m = await paidMember('refund');
    const before = await insights();
    const res = await server.request('POST', `/api/admin/orders/${m.orderId}/refunds`, {
      token: admin,
      body: { requestId: randomUUID(), amountCents: 500, reason: 'Dented tub' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('succeeded');
    const after = await insights();
    expect(after.revenueCents.refundsCents - before.revenueCents.refundsCents).toBe(500);
    expect(after.revenueCents.totalCents - before.revenueCents.totalCents).toBe(-500);
    expect(after.revenueCents.firstBoxesCents).toBe(before.revenueCents.firstBoxesCents);
  });

  it('a tub bought in the shop after the box counts towards sample-to-tub and shop revenue', async () => {
    const m = await paidMember('tub');
    const [productId] = await boxProducts(m.orderId);
    await setStock(server, productId!, 20);
    now += 60_000; // a minute after the box was paid
    const before = await insights();
    const rows = await server.database.db.execute<{ identity_id: string }>(
      sql`SELECT identity_id FROM orders WHERE id = ${m.orderId}`,
    );
    const shopper = { identityId: rows.rows[0]!.identity_id, token: m.token, email: m.email };
    const cartId = await newCart(server, shopper, [{ productId: productId!, quantity: 1 }]);
    const paid = await checkoutCart(server, shopper, cartId);
    expect(paid.status).toBe(200);
    const after = await insights();
    const row = (i: AdminInsights) => i.sampleToTub.find((s) => s.productId === productId)!;
    expect(row(after).boughtTub - row(before).boughtTub).toBe(1);
    expect(row(after).sampled).toBe(row(before).sampled);
    expect(row(after).rate).toBeCloseTo(row(after).boughtTub / row(after).sampled, 3);
    expect(after.revenueCents.shopCents - before.revenueCents.shopCents).toBeGreaterThan(0);
    // A shopper who never had it in a box adds no sampler and no tub buyer.
    const stranger = await newShopper(server, 'stranger', () => new Date(now));
    const strangerCart = await newCart(server, stranger, [{ productId: productId!, quantity: 1 }]);
    expect((await checkoutCart(server, stranger, strangerCart)).status).toBe(200);
    const third = await insights();
    expect(row(third).boughtTub).toBe(row(after).boughtTub);
    expect(row(third).sampled).toBe(row(after).sampled);
  });

  it('over months: renewals count as revenue, cohorts fill in, churn is cancellations over members at the start', async () => {
    const cohortMonth = today().slice(0, 7);
    const kept = await paidMember('cohort-kept');
    let leaving = await paidMember('cohort-leaving');
    // 31 days on: both renew (30-day schedule) through the cycle engine.
    const renewalsBefore = (await insights(today(), today())).revenueCents.renewalsCents;
    await advance(31);
    const renewed = await insights(new Date(now - 31 * DAY).toISOString().slice(0, 10), today());
    expect(renewed.revenueCents.renewalsCents).toBeGreaterThan(renewalsBefore);

    // The period that starts today: everyone live now is a member at its start.
    leaving = await signIn(leaving);
    const before = await insights();
    const cancel = await server.request('POST', '/api/user/CancelSubscription?cancelReason=3', {
      token: leaving.token,
    });
    expect(cancel.status).toBe(200);
    const after = await insights();
    expect(after.canceledMembers - before.canceledMembers).toBe(1);
    expect(after.membersAtStart).toBe(before.membersAtStart);
    expect(after.churnRate).toBeCloseTo(after.canceledMembers / after.membersAtStart, 4);

    // Two months on, the cohort of the first payments has its first month of retention: the
    // member who left in month 1 counts in month 1 (canceled after it began) but not in month 2.
    await advance(62);
    const later = await insights();
    const cohort = later.cohorts.find((c) => c.month === cohortMonth)!;
    expect(cohort.members).toBeGreaterThanOrEqual(2);
    // May's cohort, seen mid-August: every member has had 1 and 2 whole months.
    expect(cohort.retained).toHaveLength(2);
    const stillThere = cohort.retained.map((r) => Math.round(r * cohort.members));
    // Only the member who left after one month is in month 1 and not in month 2.
    expect(stillThere[0]! - stillThere[1]!).toBe(1);
    expect(stillThere[0]).toBeLessThan(cohort.members);
    const months = later.cohorts.map((c) => c.month);
    expect(months).toEqual([...months].sort());
    expect(kept.email).toMatch(/@example\.com$/);
  });

  it('answers 400 for a bad period and 403 for a member', async () => {
    const bad = await server.request('GET', '/api/admin/insights?from=2027-02-30', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toBeTruthy();
    const reversed = await server.request('GET', '/api/admin/insights?from=2027-03-10&to=2027-03-01', {
      token: admin,
    });
    expect(reversed.status).toBe(400);
    const member = await newMember(server, 'nosy');
    expect((await server.request('GET', '/api/admin/insights', { token: member.token })).status).toBe(403);
    expect((await server.request('GET', '/api/admin/insights')).status).toBe(401);
  });
});
