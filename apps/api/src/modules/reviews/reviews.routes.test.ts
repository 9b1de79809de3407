import { ReviewMessages, ReviewSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createReviewsService } from './reviews.service.ts';

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

async function itemsOf(orderId: string): Promise<number[]> {
  const result = await server.database.db.execute<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${orderId} ORDER BY product_id`,
  );
  return result.rows.map((r) => Number(r.product_id));
}

describe('POST /api/productReview/Save', () => {
  it('checks rating 1-5, 25-500 characters and the agreement, with the spec messages', async () => {
    const member = await newMember(server);
    await payOrder(server, member, member.orderId);
    const [productId] = await itemsOf(member.orderId);
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
    const [productId] = await itemsOf(member.orderId);
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
    const [productId] = await itemsOf(member.orderId);
    const body = { productId, rating: 4, description: TEXT, agreementConfirmation: true };
    const unpaid = await review(member, body);
    expect(unpaid.status).toBe(403);
    expect(unpaid.body.error_description).toBe(ReviewMessages.notInBox);
    expect((await server.request('POST', '/api/productReview/Save', { body })).status).toBe(401);
  });
});
