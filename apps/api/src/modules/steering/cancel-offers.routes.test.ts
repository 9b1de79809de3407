import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { operatorToken } from '../admin/members.test-support.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

/*
 * docs/product.md#cancel-offers, through HTTP: one offer per reason, applied by
 * POST /user/AcceptCancelOffer once per membership and reason, mailed, and counted for the
 * back office per reason and period (offered, saved, canceled).
 */

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  admin = await operatorToken(server);
});
afterAll(async () => {
  await server?.close();
});

async function paidMember(prefix: string): Promise<Member> {
  const m = await newMember(server, prefix);
  await payOrder(server, m, m.orderId, 0);
  return m;
}

const offer = (m: Member, reason: number) =>
  server.request('GET', `/api/user/CancelOffer?cancelReason=${reason}`, { token: m.token });
const accept = (m: Member, reason: number) =>
  server.request('POST', `/api/user/AcceptCancelOffer?cancelReason=${reason}`, { token: m.token });

async function authInfo(m: Member) {
  return (await server.request('GET', '/api/Account/AuthInfo', { token: m.token })).body.subscription;
}

async function sub(m: Member) {
  const rows = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM subscriptions WHERE first_order_id = ${m.orderId}`,
  );
  return rows.rows[0]!;
}

async function mails(m: Member, kind: string) {
  const rows = await server.database.db.execute<{ subject: string; text: string }>(
    sql`SELECT subject, text FROM emails WHERE to_address = ${m.email.toLowerCase()} AND kind = ${kind} ORDER BY created_at`,
  );
  return rows.rows;
}

async function sweepAt(at: Date) {
  const res = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at.toISOString())}`);
  expect(res.status).toBe(200);
}

async function stats() {
  const today = new Date().toISOString().slice(0, 10);
  const res = await server.request('GET', `/api/admin/cancel-offers?from=${today}&to=${today}`, {
    token: admin,
  });
  expect(res.status).toBe(200);
  return res.body.reasons as { reason: number; offered: number; saved: number; canceled: number }[];
}

describe('GET /user/CancelOffer', () => {
  it('answers one offer for every reason, each with a title and a description', async () => {
    const m = await paidMember('offer-all');
    const kinds = [];
    for (const reason of [0, 1, 2, 3]) {
      const res = await offer(m, reason);
      expect(res.status).toBe(200);
      expect(res.body.title.length).toBeGreaterThan(5);
      expect(res.body.description.length).toBeGreaterThan(20);
      kinds.push(res.body.kind);
    }
    expect(kinds).toEqual(['new_brands', 'half_price_box', 'replacement_box', 'pause_two_boxes']);
    expect((await offer(m, 1)).body.description).toContain('$7.00 instead of $14.00');
  }, 60_000);

  it('400 for a reason that is not 0-3, 401 without a session, 409 without a live membership', async () => {
    const m = await paidMember('offer-bad');
    for (const q of ['4', '-1', 'x', '1.5']) {
      const res = await server.request('GET', `/api/user/CancelOffer?cancelReason=${q}`, { token: m.token });
      expect(res.status, q).toBe(400);
      expect(res.body.error_description).toBe('Please choose a reason for canceling.');
    }
    expect((await server.request('GET', '/api/user/CancelOffer?cancelReason=0')).status).toBe(401);
    const visitor = await newMember(server, 'offer-none');
    expect((await offer(visitor, 0)).status).toBe(409);
    await server.request('POST', '/api/user/CancelSubscription?cancelReason=0', { token: m.token });
    expect((await offer(m, 0)).status).toBe(409);
    expect((await accept(m, 0)).status).toBe(409);
  }, 60_000);
});

describe('POST /user/AcceptCancelOffer', () => {
  it('3 No Longer Needed: a pause of two boxes, the membership stays, a mail names it; a second acceptance is 409', async () => {
    const m = await paidMember('offer-pause');
    const before = await authInfo(m);
    const res = await accept(m, 3);
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('pause_two_boxes');
    const after = await authInfo(m);
    expect(after.statusName).toBe('Paused');
    expect(after.skippedBoxes).toBe(2);
    expect(new Date(after.isoutcNextBillingDate).getTime()).toBe(
      new Date(before.isoutcNextBillingDate).getTime() + 60 * DAY,
    );
    const sent = await mails(m, 'cancel-offer-accepted');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Applied: A break of two boxes');
    const again = await accept(m, 3);
    expect(again.status).toBe(409);
    expect(again.body.error_description).toMatch(/already taken this offer/);
    // Another reason's offer is still there to take once.
    expect((await offer(m, 3)).status).toBe(409);
    expect((await offer(m, 1)).status).toBe(200);
    expect(await mails(m, 'cancel-offer-accepted')).toHaveLength(1);
  }, 60_000);

  it('1 Found Cheaper Prices: the next renewal is charged once at half the box price, the one after at the full price', async () => {
    const m = await paidMember('offer-half');
    expect((await accept(m, 1)).status).toBe(200);
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    await sweepAt(new Date(billed + 30 * DAY + 60_000));
    // Sweeping the same moment again charges nothing more.
    await sweepAt(new Date(billed + 30 * DAY + 60_000));
    const second = (await authInfo(m)).currentOrderId as string;
    const order = await server.request('GET', `/api/order/GetItem?id=${second}`, { token: m.token });
    expect(order.body.discount).toBe(7);
    // Texas 6.25% on $7.00 price + $4.99 handling... the handling fee as configured.
    const handling = order.body.handlingFee as number;
    const taxable = Math.round((14 - 7 + handling) * 100);
    expect(Math.round(order.body.total * 100)).toBe(taxable + Math.round(order.body.taxAmount * 100));
    const charges = await server.database.db.execute<{ amount_cents: number; status: string }>(sql`
      SELECT amount_cents, status FROM renewal_charges WHERE subscription_id = ${(await sub(m)).id as string}`);
    expect(charges.rows).toHaveLength(1);
    expect(Number(charges.rows[0]!.amount_cents)).toBe(Math.round(order.body.total * 100));

    await sweepAt(new Date(billed + 60 * DAY + 120_000));
    const third = (await authInfo(m)).currentOrderId as string;
    const full = await server.request('GET', `/api/order/GetItem?id=${third}`, { token: m.token });
    expect(full.body.discount).toBe(0);
    expect(full.body.total).toBeGreaterThan(order.body.total);
  }, 90_000);

  it('2 Bad Experience: a note to the team and a replacement box of kind replacement at no charge', async () => {
    const m = await paidMember('offer-replace');
    expect((await accept(m, 2)).status).toBe(200);
    const replacement = await server.database.db.execute<{
      id: string;
      status: string;
      total_cents: number;
    }>(sql`
      SELECT o.id, o.status, o.total_cents FROM orders o JOIN identities i ON i.id = o.identity_id
      WHERE i.email = ${m.email.toLowerCase()} AND o.kind = 'replacement'`);
    expect(replacement.rows).toHaveLength(1);
    expect(replacement.rows[0]!.status).toBe('paid');
    expect(Number(replacement.rows[0]!.total_cents)).toBe(0);
    const view = await server.request('GET', `/api/order/GetItem?id=${replacement.rows[0]!.id}`, {
      token: m.token,
    });
    expect(view.status).toBe(200);
    expect(view.body.kind).toBe('replacement');
    const firstBox = await server.request('GET', `/api/order/GetItem?id=${m.orderId}`, { token: m.token });
    expect(view.body.items.map((i: { productId: number }) => i.productId).sort()).toEqual(
      firstBox.body.items.map((i: { productId: number }) => i.productId).sort(),
    );
    const notes = await server.database.db.execute<{ text: string }>(sql`
      SELECT r.text FROM issue_reports r JOIN identities i ON i.id = r.identity_id WHERE i.email = ${m.email.toLowerCase()}`);
    expect(notes.rows).toHaveLength(1);
    expect(notes.rows[0]!.text).toMatch(/Bad Experience/);
    expect((await authInfo(m)).statusName).toBe('Active');
    expect((await mails(m, 'cancel-offer-accepted'))[0]!.subject).toBe('Applied: A replacement box on us');
  }, 60_000);

  it('0 Not Enough Brands/Flavors: on the first box, both prime picks become brands the member has not had', async () => {
    const m = await paidMember('offer-brands');
    const brandsOf = async (orderId: string, prime: boolean) =>
      (
        await server.database.db.execute<{ brand_id: number }>(sql`
          SELECT p.brand_id FROM order_items i JOIN products p ON p.id = i.product_id
          WHERE i.order_id = ${orderId} AND i.is_prime_pick = ${prime}`)
      ).rows.map((r) => Number(r.brand_id));
    const before = new Set([...(await brandsOf(m.orderId, true)), ...(await brandsOf(m.orderId, false))]);
    expect((await accept(m, 0)).status).toBe(200);
    const after = await brandsOf(m.orderId, true);
    expect(after).toHaveLength(2);
    expect(new Set(after).size).toBe(2);
    for (const brand of after) expect(before.has(brand)).toBe(false);
    expect((await mails(m, 'cancel-offer-accepted'))[0]!.subject).toBe(
      'Applied: Two brands you have not tried yet',
    );
  }, 60_000);

  it('0 after the build deadline: the next renewal picks 2 prime picks of brands the member has not had', async () => {
    const m = await paidMember('offer-brands2');
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    await sweepAt(new Date(billed + 4 * DAY));
    expect((await accept(m, 0)).status).toBe(200);
    expect((await mails(m, 'cancel-offer-accepted'))[0]!.text).toMatch(
      /Your next box, billed on[\s\S]*gets 2 prime picks from brands you have\s+not tried/,
    );
    const tried = await server.database.db.execute<{ brand_id: number }>(sql`
      SELECT DISTINCT p.brand_id FROM order_items i JOIN products p ON p.id = i.product_id
      WHERE i.order_id = ${m.orderId}`);
    const triedBrands = new Set(tried.rows.map((r) => Number(r.brand_id)));
    expect(triedBrands.size).toBeGreaterThan(0);
    await sweepAt(new Date(billed + 30 * DAY + 60_000));
    const second = (await authInfo(m)).currentOrderId as string;
    expect(second).not.toBe(m.orderId);
    const picks = await server.database.db.execute<{ brand_id: number }>(sql`
      SELECT p.brand_id FROM order_items i JOIN products p ON p.id = i.product_id
      WHERE i.order_id = ${second} AND i.is_prime_pick`);
    expect(picks.rows).toHaveLength(2);
    for (const r of picks.rows) expect(triedBrands.has(Number(r.brand_id))).toBe(false);
    // Applied to that one box only.
    const applied = await server.database.db.execute<{ applied_order_id: string }>(sql`
      SELECT applied_order_id FROM cancel_offers WHERE subscription_id = ${(await sub(m)).id as string} AND reason = 0`);
    expect(applied.rows[0]!.applied_order_id).toBe(second);
  }, 90_000);
});

describe('the back office: offered, saved and canceled per reason and period', () => {
  it('counts the first offer shown per membership and reason, offers taken, and cancellations with the reason', async () => {
    const before = await stats();
    const [a, b] = await Promise.all([paidMember('stats-a'), paidMember('stats-b')]);
    // A sees the offer for reason 1 twice (counted once), then cancels.
    await offer(a, 1);
    await offer(a, 1);
    expect(
      (await server.request('POST', '/api/user/CancelSubscription?cancelReason=1', { token: a.token }))
        .status,
    ).toBe(200);
    // B sees it and takes it.
    await offer(b, 1);
    await accept(b, 1);
    const after = await stats();
    const delta = (reason: number, key: 'offered' | 'saved' | 'canceled') =>
      after.find((r) => r.reason === reason)![key] - before.find((r) => r.reason === reason)![key];
    expect(delta(1, 'offered')).toBe(2);
    expect(delta(1, 'saved')).toBe(1);
    expect(delta(1, 'canceled')).toBe(1);
    expect(delta(0, 'offered')).toBe(0);
    expect(after.map((r) => r.reason)).toEqual([0, 1, 2, 3]);

    // A period before today counts none of these.
    const old = await server.request('GET', '/api/admin/cancel-offers?from=2020-01-01&to=2020-01-31', {
      token: admin,
    });
    expect(old.body.reasons.every((r: { offered: number }) => r.offered === 0)).toBe(true);
    // Not for members.
    expect((await server.request('GET', '/api/admin/cancel-offers', { token: a.token })).status).toBe(403);
  }, 60_000);
});
