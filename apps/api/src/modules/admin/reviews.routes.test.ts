import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import type { Member } from '../checkout/checkout.test-support.ts';
import { relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createReviewsService } from '../reviews/reviews.service.ts';
import { identityIdOf, operatorToken, paidMember } from './members.test-support.ts';

/* Review moderation and the membership page's issue reports in the back office (docs/product.md#back-office). */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  token = await operatorToken(server);
});
afterAll(async () => {
  await server?.close();
});

async function boxProducts(orderId: string): Promise<number[]> {
  const result = await server.database.db.execute<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${orderId} ORDER BY product_id`,
  );
  return result.rows.map((r) => Number(r.product_id));
}

async function review(member: Member, productId: number, rating: number) {
  const res = await server.request('POST', '/api/productReview/Save', {
    token: member.token,
    body: {
      productId,
      rating,
      description: 'Clumpy in water and far too sweet for me.',
      agreementConfirmation: true,
    },
  });
  expect(res.status).toBe(200);
}

describe('/api/admin/reviews', () => {
  it('lists by rating, product and hidden; hiding leaves it out of matching; audited', async () => {
    const member = await paidMember(server);
    const [first, second] = await boxProducts(member.orderId);
    await review(member, first!, 1);
    await review(member, second!, 5);
    const identityId = await identityIdOf(server, member.email);

    const ones = await server.request('GET', `/api/admin/reviews?rating=1&productId=${first}`, { token });
    expect(ones.status).toBe(200);
    const target = ones.body.items.find((r: { identityId: string }) => r.identityId === identityId);
    expect(target).toMatchObject({
      rating: 1,
      productId: first,
      memberEmail: member.email,
      helpfulCount: 0,
      hiddenAt: null,
    });

    // Another member who had the same product finds the review helpful: the operator sees the count.
    const voter = await paidMember(server);
    const voted = await server.request('POST', '/api/productReview/MarkHelpful', {
      token: voter.token,
      body: { reviewId: target.id, isHelpful: true },
    });
    expect(voted.status, voted.text).toBe(200);
    const counted = await server.request('GET', `/api/admin/reviews?rating=1&productId=${first}`, { token });
    expect(counted.body.items.find((r: { id: string }) => r.id === target.id)?.helpfulCount).toBe(1);

    const reviews = createReviewsService({
      db: server.database.db,
      clock: () => new Date(),
      unlockedProductIds: async () => new Set<number>(),
    });
    expect((await reviews.lowRatings(identityId)).productIds.has(first!)).toBe(true);

    const hidden = await server.request('POST', `/api/admin/reviews/${target.id}/hidden`, {
      token,
      body: { isHidden: true },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.hiddenAt).not.toBeNull();
    // Matching no longer reads the hidden review.
    expect((await reviews.lowRatings(identityId)).productIds.has(first!)).toBe(false);

    const onlyHidden = await server.request('GET', '/api/admin/reviews?hidden=hidden', { token });
    expect(onlyHidden.body.items.map((r: { id: string }) => r.id)).toContain(target.id);
    const visible = await server.request('GET', '/api/admin/reviews?hidden=visible&pageSize=100', { token });
    expect(visible.body.items.map((r: { id: string }) => r.id)).not.toContain(target.id);

    // Hiding twice records once; showing again is recorded.
    await server.request('POST', `/api/admin/reviews/${target.id}/hidden`, {
      token,
      body: { isHidden: true },
    });
    const shown = await server.request('POST', `/api/admin/reviews/${target.id}/hidden`, {
      token,
      body: { isHidden: false },
    });
    expect(shown.body.hiddenAt).toBeNull();
    const audit = await server.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_id = ${target.id} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['review.hide', 'review.show']);
  });

  it('answers 400 to bad filters or body, 404 to an unknown review', async () => {
    for (const query of ['rating=6', 'rating=x', 'hidden=maybe', 'pageSize=0']) {
      expect((await server.request('GET', `/api/admin/reviews?${query}`, { token })).status).toBe(400);
    }
    const missing = await server.request('POST', `/api/admin/reviews/${randomUUID()}/hidden`, {
      token,
      body: { isHidden: true },
    });
    expect(missing.status).toBe(404);
    const bad = await server.request('POST', `/api/admin/reviews/${randomUUID()}/hidden`, {
      token,
      body: { isHidden: 'yes' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('/api/admin/issue-reports', () => {
  it('lists what members reported from the membership page and marks it handled', async () => {
    const member = await paidMember(server);
    const text = `My box arrived open ${randomUUID()}`;
    const sent = await server.request('POST', '/api/membership/ReportIssue', {
      token: member.token,
      body: { text },
    });
    expect(sent.status).toBe(200);
    const open = await server.request('GET', '/api/admin/issue-reports', { token });
    expect(open.status).toBe(200);
    const report = open.body.items.find((r: { text: string }) => r.text === text);
    expect(report).toMatchObject({ id: sent.body.id, memberEmail: member.email, handledAt: null });

    const handled = await server.request('POST', `/api/admin/issue-reports/${report.id}/handled`, {
      token,
      body: { isHandled: true },
    });
    expect(handled.status).toBe(200);
    expect(handled.body.handledAt).not.toBeNull();
    const stillOpen = await server.request('GET', '/api/admin/issue-reports?status=unhandled', { token });
    expect(stillOpen.body.items.map((r: { id: string }) => r.id)).not.toContain(report.id);
    const done = await server.request('GET', '/api/admin/issue-reports?status=handled', { token });
    expect(done.body.items.map((r: { id: string }) => r.id)).toContain(report.id);
    const audit = await server.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_id = ${report.id}`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['issue_report.handle']);
    expect(
      (
        await server.request('POST', `/api/admin/issue-reports/${randomUUID()}/handled`, {
          token,
          body: { isHandled: true },
        })
      ).status,
    ).toBe(404);
  });
});
