import {
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
import { createReviewsService } from '../modules/reviews/reviews.service.ts';
import { startTestServer, type TestServer } from '../test/helpers.ts';
import { DEMO_MEMBER_COUNT, type DemoMember, demoMembers } from './demo-members.ts';
import { seedDemoMembers } from './seed-demo-members.ts';

/*
 * The demo members (docs/product.md#demo-data-and-sandbox): made through the store's own API at
 * start-up, with no mail, once per database. These tests play 8 of the cast (every quiz profile
 * twice) so `npm test` stays quick; e2e/social-proof.spec.ts starts a store with all of them.
 */

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
