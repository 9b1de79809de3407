import { ReviewMessages, ReviewSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createReviewsService } from './reviews.service.ts';
import { itemsOf } from './reviews.test-support.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const TEXT = 'Mixes smoothly and tastes like real chocolate.';
const review = (member: Pick<Member, 'token'>, body: unknown) =>
  server.request('POST', '/api/productReview/Save', { token: member.token, body });

describe('POST /api/productReview/Save', () => {
  it('checks rating 1-5, 25-500 characters and the agreement, with the spec messages', async () => {
    const member = await newMember(server);
    await payOrder(server, member, member.orderId);
    const [productId] = await itemsOf(server, member.orderId);
    const ok = { productId, rating: 4, description: TEXT, agreementConfirmation: true };
    for (const [body, message] of [
      [{ ...ok, rating: 0 }, ReviewMessages.rating],
      [{ ...ok, rating: 6 }, ReviewMessages.rating],
      [{ ...ok, description: 'Too short to count.' }, ReviewMessages.tooShort],
      [{ ...ok, agreementConfirmation: false }, ReviewMessages.agreement],
    ] as const) {
      const res = await review(member, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.fieldErrors)).toContain(message);
    }
    expect((await review(member, { ...ok, description: 'x'.repeat(501) })).status).toBe(400);
    const saved = await review(member, ok);
    expect(saved.status).toBe(200);
    expect(ReviewSchema.parse(saved.body)).toMatchObject({ productId, rating: 4, description: TEXT });
  });

  it('keeps one review per member and product: a second one updates it', async () => {
    const member = await newMember(server);
    await payOrder(server, member, member.orderId);
    const [productId] = await itemsOf(server, member.orderId);
    const first = await review(member, {
      productId,
      rating: 5,
      description: TEXT,
      agreementConfirmation: true,
    });
    const second = await review(member, {
      productId,
      rating: 2,
      description: `${TEXT} Changed my mind.`,
      agreementConfirmation: true,
    });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    const rows = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM product_reviews WHERE product_id = ${productId} AND id = ${first.body.id}`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(1);
    // Rated 2 stars: the product is low-rated for matching, and so is its brand (only review).
    const reviews = createReviewsService({
      db: server.database.db,
      clock: () => new Date(),
      unlockedProductIds: async () => new Set(),
    });
    const memberId = await server.database.db.execute<{ id: string }>(
      sql`SELECT identity_id AS id FROM product_reviews WHERE id = ${first.body.id}`,
    );
    const low = await reviews.lowRatings(memberId.rows[0]!.id);
    expect([...low.productIds]).toEqual([productId]);
    expect(low.brandIds.size).toBe(1);
  });

  it('refuses a product that was never in one of the member’s paid boxes, and a visitor', async () => {
    const member = await newMember(server);
    const [productId] = await itemsOf(server, member.orderId);
    const body = { productId, rating: 4, description: TEXT, agreementConfirmation: true };
    const unpaid = await review(member, body);
    expect(unpaid.status).toBe(403);
    expect(unpaid.body.error_description).toBe(ReviewMessages.notInBox);
    expect((await server.request('POST', '/api/productReview/Save', { body })).status).toBe(401);
  });
});

describe('GET /api/productReview/GetMyReviews and GetProductReviews', () => {
  async function identityOf(email: string): Promise<string> {
    const rows = await server.database.db.execute<{ id: string }>(
      sql`SELECT id FROM identities WHERE email = ${email}`,
    );
    return rows.rows[0]!.id;
  }

  it('a member reads back only their own reviews; a visitor is refused', async () => {
    const member = await newMember(server);
    const other = await newMember(server);
    await payOrder(server, member, member.orderId);
    await payOrder(server, other, other.orderId);
    const [productId] = await itemsOf(server, member.orderId);
    const [otherProductId] = await itemsOf(server, other.orderId);
    await review(member, { productId, rating: 5, description: TEXT, agreementConfirmation: true });
    await review(other, {
      productId: otherProductId,
      rating: 1,
      description: `${TEXT} Not for me.`,
      agreementConfirmation: true,
    });
    const mine = await server.request('GET', '/api/productReview/GetMyReviews', { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body.reviews).toHaveLength(1);
    expect(mine.body.reviews[0]).toMatchObject({ productId, rating: 5, description: TEXT });
    expect((await server.request('GET', '/api/productReview/GetMyReviews')).status).toBe(401);
  });

  it('lists visible reviews with first names only; hidden ones are neither listed nor counted; the average needs 3', async () => {
    const writers: Member[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await newMember(server, `reviewer${i}`);
      await payOrder(server, m, m.orderId);
      writers.push(m);
    }
    const shared = (await Promise.all(writers.map((m) => itemsOf(server, m.orderId)))).reduce((a, b) =>
      a.filter((id) => b.includes(id)),
    );
    const productId = shared[0]!;
    const names = ['Avery Quinn', 'Blake', 'Casey', 'Drew'];
    const ratings = [5, 4, 3, 1];
    for (const [i, m] of writers.entries()) {
      const id = await identityOf(m.email);
      await server.database.db.execute(
        sql`UPDATE identities SET first_name = ${names[i]}, last_name = 'Surname' WHERE id = ${id}`,
      );
      const saved = await review(m, {
        productId,
        rating: ratings[i],
        description: `${TEXT} Writer ${i}.`,
        agreementConfirmation: true,
      });
      expect(saved.status).toBe(200);
      await server.database.db.execute(
        sql`UPDATE product_reviews SET created_at = ${new Date(Date.UTC(2026, 0, 1 + i)).toISOString()}::timestamptz WHERE id = ${saved.body.id}`,
      );
    }
    const url = `/api/productReview/GetProductReviews?productId=${productId}&sort=newest`;
    // Before anything is hidden (other tests may have reviewed it too: compare from our writers on).
    const before = await server.request('GET', url);
    expect(before.status).toBe(200);
    // The 1-star review (Drew) is hidden by the operator: gone from the list and from the figures.
    const drew = await identityOf(writers[3]!.email);
    await server.database.db.execute(
      sql`UPDATE product_reviews SET hidden_at = now() WHERE identity_id = ${drew} AND product_id = ${productId}`,
    );
    const res = await server.request('GET', url);
    expect(res.status).toBe(200);
    expect(res.body.reviewCount).toBe(before.body.reviewCount - 1);
    const ours = res.body.reviews.filter((r: { description: string }) => r.description.includes('Writer'));
    expect(ours.map((r: { firstName: string }) => r.firstName)).toEqual(['Casey', 'Blake', 'Avery']);
    expect(JSON.stringify(res.body)).not.toContain('Surname');
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
    expect(JSON.stringify(res.body)).not.toContain('Drew');
    for (const r of res.body.reviews)
      expect(Object.keys(r).sort()).toEqual([
        'dateCreated',
        'description',
        'firstName',
        'helpfulCount',
        'id',
        'isMarkedHelpful',
        'isMine',
        'rating',
      ]);
    expect(res.body.averageRating).not.toBeNull();
    expect(res.body.averageRating).toBeGreaterThanOrEqual(1);
    expect(res.body.averageRating).toBeLessThanOrEqual(5);
    // A product nobody reviewed: no reviews, no average (nothing invented).
    const none = await server.request('GET', '/api/productReview/GetProductReviews?productId=2147483647');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      productId: 2147483647,
      reviewCount: 0,
      averageRating: null,
      sort: 'helpful',
      reviews: [],
    });
  });

  it('refuses a product id that is not a number, in the error format', async () => {
    const res = await server.request('GET', '/api/productReview/GetProductReviews?productId=abc');
    expect(res.status).toBe(400);
    expect(res.body.code).toBeTruthy();
    expect(res.body.error_description).toBeTruthy();
  });
});
