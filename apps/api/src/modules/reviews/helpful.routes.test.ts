import { ProductReviewsSchema, ReviewHelpfulSchema, ReviewMessages } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { membersWithSharedProduct } from './reviews.test-support.ts';

// Helpful votes on reviews (docs/look-and-trust.md#social-proof): one per member and review, never
// on one's own review nor on a hidden one, and the product page's order stands on them.

let server: TestServer;
/** Three members who had the same product in a paid box and each reviewed it. */
const writers: Member[] = [];
/** Their reviews' ids, oldest first. */
const reviewIds: string[] = [];
let productId: number;

const TEXT = 'Mixes smoothly, no clumps, and the taste is honest.';

const mark = (member: Pick<Member, 'token'> | null, body: unknown) =>
  server.request('POST', '/api/productReview/MarkHelpful', member ? { token: member.token, body } : { body });

async function list(member: Pick<Member, 'token'> | null, query = '') {
  const res = await server.request(
    'GET',
    `/api/productReview/GetProductReviews?productId=${productId}${query}`,
    member ? { token: member.token } : {},
  );
  expect(res.status, res.text).toBe(200);
  return ProductReviewsSchema.parse(res.body);
}

const countOf = (answer: { reviews: { id: string; helpfulCount: number }[] }, id: string) =>
  answer.reviews.find((r) => r.id === id)?.helpfulCount;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
  const had = await membersWithSharedProduct(server, 'writer', 3);
  writers.push(...had.members);
  productId = had.productId;
  for (const [i, m] of writers.entries()) {
    const saved = await server.request('POST', '/api/productReview/Save', {
      token: m.token,
      body: { productId, rating: 5 - i, description: `${TEXT} Writer ${i}.`, agreementConfirmation: true },
    });
    expect(saved.status, saved.text).toBe(200);
    // Distinct creation days, oldest first, so "newest" has one answer.
    await server.database.db.execute(
      sql`UPDATE product_reviews SET created_at = ${new Date(Date.UTC(2026, 0, 1 + i)).toISOString()}::timestamptz WHERE id = ${saved.body.id}`,
    );
    reviewIds.push(saved.body.id);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /api/productReview/MarkHelpful', () => {
  it('marks a review helpful once per member, unmarks it, and a repeated click changes nothing', async () => {
    const voter = await newMember(server, 'voter');
    const target = reviewIds[0]!;
    const before = countOf(await list(null), target)!;

    const first = await mark(voter, { reviewId: target, isHelpful: true });
    expect(first.status, first.text).toBe(200);
    expect(ReviewHelpfulSchema.parse(first.body)).toEqual({
      reviewId: target,
      helpfulCount: before + 1,
      isMarkedHelpful: true,
    });
    // The same vote again (a double click, a retry) is still one vote.
    const again = await mark(voter, { reviewId: target, isHelpful: true });
    expect(again.body.helpfulCount).toBe(before + 1);

    const asVoter = await list(voter);
    expect(countOf(asVoter, target)).toBe(before + 1);
    expect(asVoter.reviews.find((r) => r.id === target)?.isMarkedHelpful).toBe(true);
    // Everyone else sees the count, not whose vote it is.
    const asVisitor = await list(null);
    expect(countOf(asVisitor, target)).toBe(before + 1);
    expect(asVisitor.reviews.every((r) => !r.isMarkedHelpful && !r.isMine)).toBe(true);

    const undone = await mark(voter, { reviewId: target, isHelpful: false });
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ reviewId: target, helpfulCount: before, isMarkedHelpful: false });
    expect((await mark(voter, { reviewId: target, isHelpful: false })).body.helpfulCount).toBe(before);
    expect(countOf(await list(voter), target)).toBe(before);
  });

  it('refuses a vote on the member’s own review with 403, and shows them which one is theirs', async () => {
    const writer = writers[1]!;
    const res = await mark(writer, { reviewId: reviewIds[1], isHelpful: true });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', error_description: ReviewMessages.ownReview });
    const rows = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM review_helpful_votes WHERE review_id = ${reviewIds[1]}`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(0);
    const mine = (await list(writer)).reviews.filter((r) => r.isMine).map((r) => r.id);
    expect(mine).toEqual([reviewIds[1]]);
  });

  it('answers 401 to a visitor and records nothing', async () => {
    const res = await mark(null, { reviewId: reviewIds[0], isHelpful: true });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('answers 404 for a hidden review, the same as for one that does not exist, and never counts it', async () => {
    const voter = await newMember(server, 'voter');
    const hidden = reviewIds[2]!;
    // A vote given before the operator hid it.
    expect((await mark(voter, { reviewId: hidden, isHelpful: true })).status).toBe(200);
    await server.database.db.execute(sql`UPDATE product_reviews SET hidden_at = now() WHERE id = ${hidden}`);
    try {
      const onHidden = await mark(voter, { reviewId: hidden, isHelpful: false });
      const onMissing = await mark(voter, {
        reviewId: '6f1c2f0e-3d4b-4c9a-9f59-2d8e6c1b7a10',
        isHelpful: true,
      });
      expect(onHidden.status).toBe(404);
      expect(onMissing.status).toBe(404);
      expect(onHidden.body).toEqual(onMissing.body);
      const listed = await list(voter);
      expect(listed.reviews.map((r) => r.id)).not.toContain(hidden);
    } finally {
      // Shown again without that vote, so the order test below starts from none.
      await server.database.db.execute(sql`UPDATE product_reviews SET hidden_at = NULL WHERE id = ${hidden}`);
      await server.database.db.execute(sql`DELETE FROM review_helpful_votes WHERE review_id = ${hidden}`);
    }
  });

  it('refuses a body that is not a review id and a yes or no, in the error format', async () => {
    const voter = await newMember(server, 'voter');
    for (const body of [
      { reviewId: 'abc', isHelpful: true },
      { reviewId: reviewIds[0], isHelpful: 'yes' },
      { reviewId: reviewIds[0] },
    ]) {
      const res = await mark(voter, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error_description).toBeTruthy();
    }
  });
});

describe('GET /api/productReview/GetProductReviews order', () => {
  it('lists the most helpful first (then newest) by default, and newest first when asked', async () => {
    const [oldest, middle, newest] = reviewIds as [string, string, string];
    // Two votes for the oldest review, one for the middle one, none for the newest.
    const voters = [await newMember(server, 'voter'), await newMember(server, 'voter')];
    for (const v of voters) expect((await mark(v, { reviewId: oldest, isHelpful: true })).status).toBe(200);
    expect((await mark(voters[0]!, { reviewId: middle, isHelpful: true })).status).toBe(200);

    const ours = (answer: { reviews: { id: string }[] }) =>
      answer.reviews.map((r) => r.id).filter((id) => reviewIds.includes(id));
    const byDefault = await list(null);
    expect(byDefault.sort).toBe('helpful');
    const helpful = byDefault.reviews;
    for (let i = 1; i < helpful.length; i++) {
      const [a, b] = [helpful[i - 1]!, helpful[i]!];
      expect(
        a.helpfulCount > b.helpfulCount ||
          (a.helpfulCount === b.helpfulCount && a.dateCreated >= b.dateCreated),
      ).toBe(true);
    }
    expect(ours(byDefault).slice(0, 2)).toEqual([oldest, middle]);

    const byDate = await list(null, '&sort=newest');
    expect(byDate.sort).toBe('newest');
    expect(ours(byDate)).toEqual([newest, middle, oldest]);
    // Query keys are read without regard to case, like every call.
    expect(ours(await list(null, '&Sort=newest'))).toEqual([newest, middle, oldest]);

    const bad = await server.request(
      'GET',
      `/api/productReview/GetProductReviews?productId=${productId}&sort=stars`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
  });
});
