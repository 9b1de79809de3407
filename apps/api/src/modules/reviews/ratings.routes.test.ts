import {
  MIN_REVIEWS_FOR_AVERAGE,
  ProductSchema,
  ShopProductsSchema,
  StoreFiguresSchema,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createReviewsService } from './reviews.service.ts';
import { membersWithSharedProduct } from './reviews.test-support.ts';

// Ratings on product answers and the home page's figures (docs/look-and-trust.md#social-proof):
// real reviews only, hidden ones never counted, never a stale copy.

let server: TestServer;
const writers: Member[] = [];
let productId: number;

const TEXT = 'Mixes smoothly, no clumps, and the taste is honest.';

async function review(member: Member, rating: number) {
  const res = await server.request('POST', '/api/productReview/Save', {
    token: member.token,
    body: { productId, rating, description: TEXT, agreementConfirmation: true },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

/** The product as the product page, the shop and the quiz results each answer it. */
async function everyAnswer(member: Member) {
  const item = await server.request('GET', `/api/product/GetItem?id=${productId}`);
  expect(item.status).toBe(200);
  const shop = await server.request('GET', '/api/product/GetShopProducts', { token: member.token });
  expect(shop.status).toBe(200);
  const parsedShop = ShopProductsSchema.parse(shop.body);
  const inShop = [...parsedShop.subscribedToProducts, ...parsedShop.productsToUnlock].find(
    (p) => p.id === productId,
  );
  const results = await server.request('POST', '/api/product/GetProductQuizResults', {
    token: member.token,
    body: { id: member.quizId },
  });
  expect(results.status, results.text).toBe(200);
  const inResults = (results.body.products as unknown[])
    .map((p) => ProductSchema.parse(p))
    .find((p) => p.id === productId);
  return { item: ProductSchema.parse(item.body), inShop, inResults };
}

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
  const had = await membersWithSharedProduct(server, 'rater', 3);
  writers.push(...had.members);
  productId = had.productId;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('ratings on product answers', () => {
  it('a product nobody reviewed says 0 reviews and no average, everywhere', async () => {
    const { item, inShop } = await everyAnswer(writers[0]!);
    expect(item).toMatchObject({ reviewCount: 0, averageRating: null });
    expect(inShop).toMatchObject({ id: productId, reviewCount: 0, averageRating: null });
  });

  it('the product page, the shop and the quiz results show the same count and average; a change shows at the next request', async () => {
    const ids = [await review(writers[0]!, 5), await review(writers[1]!, 4)];
    // Two reviews: counted, but no average yet (one or two opinions are not a rating).
    let answers = await everyAnswer(writers[0]!);
    expect(answers.item).toMatchObject({ reviewCount: 2, averageRating: null });
    expect(answers.inShop).toMatchObject({ reviewCount: 2, averageRating: null });
    expect(MIN_REVIEWS_FOR_AVERAGE).toBe(3);

    ids.push(await review(writers[2]!, 2));
    answers = await everyAnswer(writers[1]!);
    // (5 + 4 + 2) / 3 = 3.67, shown to one decimal.
    expect(answers.item).toMatchObject({ reviewCount: 3, averageRating: 3.7 });
    expect(answers.inShop).toMatchObject({ reviewCount: 3, averageRating: 3.7 });
    expect(answers.inResults).toMatchObject({ reviewCount: 3, averageRating: 3.7 });
    // The product page's review list agrees with the cards.
    const listed = await server.request('GET', `/api/productReview/GetProductReviews?productId=${productId}`);
    expect(listed.body).toMatchObject({ reviewCount: 3, averageRating: 3.7 });

    // A member changes their mind: the shop (whose product answers are cached) shows it at once.
    await review(writers[2]!, 5);
    answers = await everyAnswer(writers[1]!);
    expect(answers.item).toMatchObject({ reviewCount: 3, averageRating: 4.7 });
    expect(answers.inShop).toMatchObject({ reviewCount: 3, averageRating: 4.7 });

    // The operator hides one: it leaves the count, and the average with it (below 3).
    await server.database.db.execute(sql`UPDATE product_reviews SET hidden_at = now() WHERE id = ${ids[0]!}`);
    answers = await everyAnswer(writers[2]!);
    expect(answers.item).toMatchObject({ reviewCount: 2, averageRating: null });
    expect(answers.inShop).toMatchObject({ reviewCount: 2, averageRating: null });
    expect(answers.inResults).toMatchObject({ reviewCount: 2, averageRating: null });

    // Shown again: back in the figures.
    await server.database.db.execute(sql`UPDATE product_reviews SET hidden_at = NULL WHERE id = ${ids[0]!}`);
    answers = await everyAnswer(writers[0]!);
    expect(answers.inShop).toMatchObject({ reviewCount: 3, averageRating: 4.7 });
  });
});

describe('GET /api/productReview/GetStoreFigures', () => {
  it('answers every visitor, and hides each figure while there are too few', async () => {
    const res = await server.request('GET', '/api/productReview/GetStoreFigures');
    expect(res.status).toBe(200);
    // 3 members and 3 reviews in this database: far below the thresholds, so nothing shows.
    expect(StoreFiguresSchema.parse(res.body)).toEqual({
      members: null,
      reviewCount: null,
      averageRating: null,
    });
  });

  it('counts live memberships and visible reviews from the database, each from its threshold', async () => {
    const figures = (thresholds: { members: number; reviews: number }) =>
      createReviewsService({
        db: server.database.db,
        clock: () => new Date(),
        unlockedProductIds: async () => new Set(),
        figureThresholds: thresholds,
      }).storeFigures();
    const counted = await server.database.db.execute<{
      members: number;
      reviews: number;
      average: number;
    }>(sql`
      SELECT (SELECT count(DISTINCT identity_id)::int FROM subscriptions WHERE status <> 'canceled') AS members,
             (SELECT count(*)::int FROM product_reviews WHERE hidden_at IS NULL) AS reviews,
             (SELECT avg(rating)::float8 FROM product_reviews WHERE hidden_at IS NULL) AS average`);
    const { members, reviews, average } = counted.rows[0]!;
    expect(Number(members)).toBeGreaterThanOrEqual(3);
    expect(Number(reviews)).toBe(3);
    expect(await figures({ members: Number(members), reviews: 3 })).toEqual({
      members: Number(members),
      reviewCount: 3,
      averageRating: Math.round(Number(average) * 10) / 10,
    });
    // One fewer than needed: that figure is hidden, the other still shows.
    expect(await figures({ members: Number(members) + 1, reviews: 3 })).toMatchObject({
      members: null,
      reviewCount: 3,
    });
    // A canceled membership is not a member; a hidden review is not a review.
    await server.database.db.execute(
      sql`UPDATE subscriptions SET status = 'canceled' WHERE id = (SELECT id FROM subscriptions WHERE status <> 'canceled' LIMIT 1)`,
    );
    await server.database.db.execute(
      sql`UPDATE product_reviews SET hidden_at = now() WHERE id = (SELECT id FROM product_reviews LIMIT 1)`,
    );
    expect(await figures({ members: 1, reviews: 1 })).toMatchObject({
      members: Number(members) - 1,
      reviewCount: 2,
    });
    expect(await figures({ members: 1, reviews: 3 })).toMatchObject({
      reviewCount: null,
      averageRating: null,
    });
  });
});
