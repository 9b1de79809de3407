import { MEMBER_QUOTE_MAX_CHARS, MemberQuotesSchema, quoteExcerpt } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, relaxedLimiter, SHIPPING } from '../checkout/checkout.test-support.ts';
import { createReviewsService } from './reviews.service.ts';
import { membersWithSharedProduct } from './reviews.test-support.ts';

// The home page's member quotes (docs/look-and-trust.md#member-quotes): the newest visible
// reviews with words, one per member, any rating, first names only; none while too few.

let server: TestServer;
let members: Member[] = [];
let productId: number;

const LONG = `${'Creamy and easy to mix, '.repeat(12)}and that is all.`;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
  const had = await membersWithSharedProduct(server, 'quoter', 4);
  members = had.members;
  productId = had.productId;
  // Oldest to newest: ratings 5, 2, 4, 3; the newest one is long.
  for (const [i, rating] of [5, 2, 4, 3].entries()) {
    const res = await server.request('POST', '/api/productReview/Save', {
      token: members[i]!.token,
      body: {
        productId,
        rating,
        description: i === 3 ? LONG : `Review ${i}: mixes well in a shaker, no clumps.`,
        agreementConfirmation: true,
      },
    });
    expect(res.status, res.text).toBe(200);
    await server.database.db.execute(
      sql`UPDATE product_reviews SET created_at = now() - ${`${10 - i} minutes`}::interval WHERE id = ${res.body.id}`,
    );
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The quotes with the review threshold at `reviews` instead of the home page's 20. */
const quotesFrom = (reviews: number) =>
  createReviewsService({
    db: server.database.db,
    clock: () => new Date(),
    unlockedProductIds: async () => new Set(),
    figureThresholds: { members: 1, reviews },
  }).memberQuotes();

describe('GET /api/productReview/GetMemberQuotes', () => {
  it('answers every visitor, and none while the store has fewer than 20 reviews', async () => {
    const res = await server.request('GET', '/api/productReview/GetMemberQuotes');
    expect(res.status).toBe(200);
    expect(MemberQuotesSchema.parse(res.body)).toEqual({ quotes: [] });
  });

  it('quotes the 3 newest reviews, low ratings too, with first names only and the product', async () => {
    const { quotes } = await quotesFrom(4);
    expect(quotes.map((q) => q.rating)).toEqual([3, 4, 2]);
    expect(quotes[0]!.firstName).toBe(SHIPPING.firstName);
    expect(quotes[0]!.productName.length).toBeGreaterThan(3);
    // A long review is cut at a word, with an ellipsis.
    expect(quotes[0]!.text).toBe(quoteExcerpt(LONG));
    expect(quotes[0]!.text.length).toBeLessThanOrEqual(MEMBER_QUOTE_MAX_CHARS + 1);
    expect(quotes[0]!.text.endsWith('…')).toBe(true);
    // Nothing but the first name of the writer reaches a visitor.
    expect(JSON.stringify(quotes)).not.toContain(members[3]!.email);
    expect(JSON.stringify(quotes)).not.toContain(SHIPPING.lastName);
  });

  it('never quotes a hidden review, and shows none at all below 3 quotes or below the review threshold', async () => {
    expect((await quotesFrom(5)).quotes).toEqual([]);
    await server.database.db.execute(
      sql`UPDATE product_reviews SET hidden_at = now() WHERE identity_id = (SELECT id FROM identities WHERE email = ${members[3]!.email})`,
    );
    expect((await quotesFrom(3)).quotes.map((q) => q.rating)).toEqual([4, 2, 5]);
    await server.database.db.execute(
      sql`UPDATE product_reviews SET hidden_at = now() WHERE identity_id = (SELECT id FROM identities WHERE email = ${members[2]!.email})`,
    );
    expect((await quotesFrom(2)).quotes).toEqual([]);
  });
});
