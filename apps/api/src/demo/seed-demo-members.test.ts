import {
  AdminInsightsSchema,
  MEMBER_QUOTES_SHOWN,
  MemberQuotesSchema,
  MIN_MEMBERS_FOR_FIGURE,
  MIN_REVIEWS_FOR_AVERAGE,
  MIN_REVIEWS_FOR_FIGURE,
  StoreFiguresSchema,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seed, seedAtStart } from '../db/seed.ts';
import { operatorToken } from '../modules/admin/members.test-support.ts';
import { createReviewsService } from '../modules/reviews/reviews.service.ts';
import { startTestServer, type TestServer } from '../test/helpers.ts';
import { DEMO_MEMBER_COUNT, DEMO_MEMBER_PASSWORD, type DemoMember, demoMembers } from './demo-members.ts';
import { seedDemoMembers } from './seed-demo-members.ts';

/*
 * The demo members (docs/product.md#demo-data-and-sandbox): made through the store's own API at
 * start-up, with no mail, once per database. These tests play 8 of the cast (every quiz profile
 * twice) so `npm test` stays quick; e2e/social-proof.spec.ts starts a store with all of them.
 */

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
const cast: DemoMember[] = demoMembers().slice(0, 8);
let firstRun: { created: number; ms: number };

beforeAll(async () => {
  server = await startTestServer();
  await seed(server.database.db);
  firstRun = await seedDemoMembers(server.database.db, server.config, { members: cast });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const count = async (query: ReturnType<typeof sql>) =>
  Number((await server.database.db.execute<{ n: number }>(query)).rows[0]!.n);

describe('the demo members', () => {
  it('join as customers do: the quiz, a paid first box in the sandbox, reviews of their prime picks', async () => {
    expect(firstRun.created).toBe(cast.length);
    expect(await count(sql`SELECT count(*)::int AS n FROM identities WHERE email LIKE 'demo-member-%'`)).toBe(
      cast.length,
    );
    // Each has a live membership started by a sandbox charge of their own first box.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM subscriptions s JOIN identities i ON i.id = s.identity_id
                      WHERE i.email LIKE 'demo-member-%' AND s.status = 'active'`),
    ).toBe(cast.length);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM orders o JOIN identities i ON i.id = o.identity_id
                      WHERE i.email LIKE 'demo-member-%' AND o.status = 'paid' AND o.kind = 'first_box'`),
    ).toBe(cast.length);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM sandbox_payment_intents WHERE status = 'succeeded'`),
    ).toBe(cast.length);
    // Reviews of their own box's products only (the API refuses anything else).
    expect(await count(sql`SELECT count(*)::int AS n FROM product_reviews`)).toBe(
      cast.reduce((n, m) => n + m.reviews.length, 0),
    );
    // The first name comes from their checkout, as a customer's does.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM identities WHERE email LIKE 'demo-member-%' AND first_name IS NULL`,
      ),
    ).toBe(0);
  });

  it('send no mail, now or later: nothing in the mailbox, nothing left in the outbox', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM emails`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL`)).toBe(0);
  });

  it('are made once: a second start adds nobody, a start after one cut short adds who is missing', async () => {
    expect(await seedDemoMembers(server.database.db, server.config, { members: cast })).toMatchObject({
      created: 0,
    });
    const more = demoMembers().slice(0, 9);
    expect(await seedDemoMembers(server.database.db, server.config, { members: more })).toMatchObject({
      created: 1,
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM identities WHERE email LIKE 'demo-member-%'`)).toBe(
      9,
    );
  });

  it('feed the home page quotes and the product averages once there are enough reviews', async () => {
    // 8 of the cast write fewer reviews than the home page needs: nothing is shown yet.
    const quotes = await server.request('GET', '/api/productReview/GetMemberQuotes');
    expect(MemberQuotesSchema.parse(quotes.body).quotes).toEqual([]);
    // With the threshold at what these few wrote, their words are quoted, first names only.
    const written = await count(sql`SELECT count(*)::int AS n FROM product_reviews`);
    const { quotes: shown } = await createReviewsService({
      db: server.database.db,
      clock: () => new Date(),
      unlockedProductIds: async () => new Set(),
      figureThresholds: { members: 1, reviews: written },
    }).memberQuotes();
    expect(shown).toHaveLength(MEMBER_QUOTES_SHOWN);
    const names = new Set(demoMembers().map((m) => m.firstName));
    for (const quote of shown) expect(names.has(quote.firstName)).toBe(true);
  });

  it('the whole cast is enough for every figure: 50 members, 20 reviews, 3 quotes, averages on the cards', () => {
    const all = demoMembers();
    expect(all).toHaveLength(DEMO_MEMBER_COUNT);
    expect(DEMO_MEMBER_COUNT).toBeGreaterThanOrEqual(MIN_MEMBERS_FOR_FIGURE);
    expect(new Set(all.map((m) => m.email)).size).toBe(DEMO_MEMBER_COUNT);
    const reviews = all.flatMap((m) => m.reviews);
    expect(reviews.length).toBeGreaterThanOrEqual(MIN_REVIEWS_FOR_FIGURE);
    expect(all.filter((m) => m.reviews.length > 0).length).toBeGreaterThanOrEqual(MEMBER_QUOTES_SHOWN);
    // Reviewers of one quiz profile share their prime picks: each pick gets enough for an average.
    const byProfile = new Map<unknown, number[]>();
    for (const m of all) {
      const counts = byProfile.get(m.answers) ?? [0, 0];
      m.reviews.forEach((_, i) => {
        counts[i]! += 1;
      });
      byProfile.set(m.answers, counts);
    }
    for (const counts of byProfile.values()) {
      for (const n of counts) expect(n).toBeGreaterThanOrEqual(MIN_REVIEWS_FOR_AVERAGE);
    }
    // Real-looking: mostly good, some middling and low.
    const ratings = reviews.map((r) => r.rating);
    expect(Math.min(...ratings)).toBeLessThanOrEqual(2);
    for (const r of reviews) expect(r.description.length).toBeGreaterThanOrEqual(25);
  });

  it('are not made for a store that talks to Stripe', async () => {
    const stripe = { ...server.config, paymentsProvider: 'stripe' as const };
    expect(await seedDemoMembers(server.database.db, stripe)).toEqual({ created: 0, ms: 0 });
  });

  it('answer the figures from real rows: the store figures count them', async () => {
    const figures = StoreFiguresSchema.parse(
      (await server.request('GET', '/api/productReview/GetStoreFigures')).body,
    );
    // 9 members are fewer than the 50 the figure needs.
    expect(figures.members).toBeNull();
  });

  it('after a start cut short, a history is not played again: the missing members join now', async () => {
    const made = await seedDemoMembers(server.database.db, server.config, {
      history: { days: 120, members: 12 },
    });
    expect(made.created).toBe(3);
    expect(await count(sql`SELECT count(*)::int AS n FROM identities WHERE email LIKE 'demo-member-%'`)).toBe(
      12,
    );
    // Nobody renewed, nobody joined in the past.
    expect(await count(sql`SELECT count(*)::int AS n FROM orders WHERE kind = 'cycle_box'`)).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM subscriptions WHERE created_at < ${new Date(Date.now() - DAY).toISOString()}`,
      ),
    ).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'several processes starting on one PostgreSQL database',
  () => {
    it('seed the demo members once between them', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `t_demo_${Date.now().toString(36)}`;
      // Opened one after the other: two CREATE SCHEMA IF NOT EXISTS at once can collide in
      // PostgreSQL itself; what races here is the seeding.
      const a = await openDatabase({ url, schema, maxConnections: 5 });
      const b = await openDatabase({ url, schema, maxConnections: 5 });
      try {
        await Promise.all([migrate(a), migrate(b)]);
        const config = { ...server.config, seedDemo: true, seedDemoMembers: true };
        const few = demoMembers().slice(0, 4);
        const [first, second] = await Promise.all([
          seedAtStart(a, config, { members: few }),
          seedAtStart(b, config, { members: few }),
        ]);
        expect(first.demoMembers + second.demoMembers).toBe(few.length);
        const n = await a.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM identities WHERE email LIKE 'demo-member-%'`,
        );
        expect(Number(n.rows[0]!.n)).toBe(few.length);
      } finally {
        await a.exec(`DROP SCHEMA "${schema}" CASCADE`).catch(() => {});
        await Promise.all([a.close(), b.close()]);
      }
    }, 120_000);
  },
);

/*
 * The history (docs/product.md#demo-data-and-sandbox): a small cast over 120 days ending at a
 * fixed moment, which the test store's clock also reads, so the insights see it as "now".
 */
describe('the demo history', () => {
  const until = new Date('2026-06-15T12:00:00.000Z');
  const history = { days: 120, members: 30, until };
  let store: TestServer;
  let played: { created: number; ms: number };
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await store.database.db.execute<T & Record<string, unknown>>(query)).rows;
  const scalar = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

  beforeAll(async () => {
    store = await startTestServer({}, { clock: () => until });
    await seed(store.database.db);
    played = await seedDemoMembers(store.database.db, store.config, { history });
  }, 300_000);
  afterAll(async () => {
    await store?.close();
  });

  it('members join over the whole period, and the cycle engine renews their boxes on the dates', async () => {
    expect(played.created).toBe(history.members);
    const joined = await rows<{ first: string; last: string; months: number }>(sql`
      SELECT min(created_at)::text AS first, max(created_at)::text AS last,
        count(DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC'))::int AS months
      FROM subscriptions`);
    expect(Date.parse(joined[0]!.first)).toBeLessThan(until.getTime() - 90 * DAY);
    expect(joined[0]!.months).toBeGreaterThanOrEqual(4);
    // Renewals are the engine's: orders of kind cycle_box paid on past days, one renewal event each.
    const renewals = await scalar(
      sql`SELECT count(*)::int AS n FROM orders WHERE kind = 'cycle_box' AND paid_at < ${new Date(until.getTime() - 7 * DAY).toISOString()}`,
    );
    expect(renewals).toBeGreaterThanOrEqual(5);
    expect(await scalar(sql`SELECT count(*)::int AS n FROM subscription_events WHERE kind = 'renewed'`)).toBe(
      await scalar(
        sql`SELECT count(*)::int AS n FROM orders WHERE kind = 'cycle_box' AND paid_at IS NOT NULL`,
      ),
    );
    // Boxes were shipped and delivered by date, and samples chosen by members and by the store.
    expect(
      await scalar(sql`SELECT count(*)::int AS n FROM orders WHERE status = 'delivered'`),
    ).toBeGreaterThan(0);
    expect(
      await scalar(sql`SELECT count(*)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id
                       WHERE NOT i.is_prime_pick AND i.list_price_cents IS NULL`),
    ).toBeGreaterThan(0);
  });

  it('members steer and leave: skips or pauses, cancellations with reasons, offers taken, tubs bought, reviews', async () => {
    const canceled = await rows<{ reason: number; n: number }>(
      sql`SELECT cancel_reason AS reason, count(*)::int AS n FROM subscriptions WHERE status = 'canceled' GROUP BY 1`,
    );
    expect(canceled.reduce((n, r) => n + Number(r.n), 0)).toBeGreaterThanOrEqual(2);
    for (const r of canceled) expect([0, 1, 2, 3]).toContain(Number(r.reason));
    expect(
      await scalar(sql`SELECT count(*)::int AS n FROM cancel_offers WHERE accepted_at IS NOT NULL`),
    ).toBeGreaterThan(0);
    expect(
      await scalar(
        sql`SELECT count(*)::int AS n FROM subscription_events WHERE kind IN ('skip_next', 'paused')`,
      ),
    ).toBeGreaterThan(0);
    // Full-size tubs: shop orders, or lines added to a renewal box.
    expect(
      await scalar(sql`SELECT count(*)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id
                       WHERE i.list_price_cents IS NOT NULL AND o.paid_at IS NOT NULL`),
    ).toBeGreaterThan(0);
    const reviews = await rows<{ n: number; worded: number }>(
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE length(description) >= 25)::int AS worded FROM product_reviews`,
    );
    expect(Number(reviews[0]!.n)).toBeGreaterThan(0);
    expect(reviews[0]!.worded).toBe(reviews[0]!.n);
    // Quizzes left at several steps, without an account.
    const left = await rows<{ step: number }>(
      sql`SELECT DISTINCT furthest_step AS step FROM quizzes WHERE identity_id IS NULL`,
    );
    expect(left.length).toBeGreaterThanOrEqual(3);
  });

  it("every row is dated on the history's clock, none after its end", async () => {
    const after = new Date(until.getTime() + 60_000).toISOString();
    // The dates the insights and the home page read.
    for (const [table, column] of [
      ['subscriptions', 'created_at'],
      ['subscriptions', 'canceled_at'],
      ['subscription_events', 'created_at'],
      ['orders', 'created_at'],
      ['orders', 'paid_at'],
      ['quizzes', 'created_at'],
      ['product_reviews', 'created_at'],
      ['cancel_offers', 'offered_at'],
      ['refunds', 'updated_at'],
    ] as const) {
      expect(
        await scalar(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} > ${after}`,
        ),
        `${table}.${column}`,
      ).toBe(0);
    }
    // Members' accounts too (the operator's account is the catalog seed's, made now).
    expect(
      await scalar(
        sql`SELECT count(*)::int AS n FROM identities WHERE email LIKE 'demo-%' AND created_at > ${after}`,
      ),
    ).toBe(0);
  });

  it('the operator sees the business in the insights: MRR, cohorts over several months, cancel reasons, the quiz funnel', async () => {
    const admin = await operatorToken(store);
    const from = new Date(until.getTime() - history.days * DAY).toISOString().slice(0, 10);
    const to = until.toISOString().slice(0, 10);
    const res = await store.request('GET', `/api/admin/insights?from=${from}&to=${to}`, { token: admin });
    expect(res.status).toBe(200);
    const insights = AdminInsightsSchema.parse(res.body);
    expect(insights.mrrCents).toBeGreaterThan(0);
    expect(insights.mrrSeries.some((p) => p.mrrCents > 0 && p.mrrCents < insights.mrrCents)).toBe(true);
    expect(insights.newMembers).toBe(history.members);
    expect(insights.canceledMembers).toBeGreaterThan(0);
    expect(insights.revenueCents.renewalsCents).toBeGreaterThan(0);
    expect(insights.revenueCents.firstBoxesCents).toBeGreaterThan(0);
    const cohorts = insights.cohorts.filter((c) => c.members > 0);
    expect(cohorts.length).toBeGreaterThanOrEqual(4);
    expect(cohorts.some((c) => c.retained.length >= 2)).toBe(true);
    const reasons = insights.cancelReasons;
    expect(reasons.reduce((n, r) => n + r.canceled, 0)).toBeGreaterThan(0);
    expect(reasons.reduce((n, r) => n + r.offered, 0)).toBeGreaterThan(0);
    const funnel = insights.quizFunnel;
    expect(funnel.steps[0]!.reached).toBeGreaterThan(funnel.steps[11]!.reached);
    expect(funnel.biggestDropStep).not.toBeNull();
    expect(funnel.paid).toBe(history.members);
    expect(funnel.registered).toBeGreaterThanOrEqual(funnel.paid);
  });

  it('sends no mail and leaves none to send: mailbox empty, outbox done, every cycle mail settled', async () => {
    expect(await scalar(sql`SELECT count(*)::int AS n FROM emails`)).toBe(0);
    expect(await scalar(sql`SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL`)).toBe(0);
    // The engine wrote its receipts and reminders and handed them to the seed's mailer, which dropped them.
    expect(await scalar(sql`SELECT count(*)::int AS n FROM cycle_mails`)).toBeGreaterThan(0);
    expect(await scalar(sql`SELECT count(*)::int AS n FROM cycle_mails WHERE sent_at IS NULL`)).toBe(0);
  });

  it('never launches the tub plans', async () => {
    expect(await scalar(sql`SELECT count(*)::int AS n FROM tub_plan_launch`)).toBe(0);
    expect(await scalar(sql`SELECT count(*)::int AS n FROM tub_plans`)).toBe(0);
  });

  it('is played once: a second run adds nothing', async () => {
    const counts = sql`SELECT (SELECT count(*) FROM identities) + (SELECT count(*) FROM orders)
      + (SELECT count(*) FROM quizzes) + (SELECT count(*) FROM product_reviews)
      + (SELECT count(*) FROM subscription_events) AS n`;
    const before = await scalar(counts);
    expect(await seedDemoMembers(store.database.db, store.config, { history })).toMatchObject({ created: 0 });
    expect(await scalar(counts)).toBe(before);
  });

  it("a member's password is a real argon2 hash: they sign in to the store itself, the first with a live membership", async () => {
    const login = await store.request('POST', '/api/User/Login', {
      body: { emailAddress: demoMembers()[0]!.email, password: DEMO_MEMBER_PASSWORD },
    });
    expect(login.status).toBe(200);
    const info = await store.request('GET', '/api/Account/AuthInfo', { token: login.body.token });
    expect(info.body.subscription.statusName).not.toBe('Canceled');
  });
});
