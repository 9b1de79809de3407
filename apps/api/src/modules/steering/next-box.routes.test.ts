import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

/*
 * docs/product.md#moving-the-next-box, through HTTP: POST /user/RescheduleNextBox?date= and
 * POST /user/SendNextBoxNow, on the first box and on the third (the dev clock).
 */

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

async function paidMember(prefix: string): Promise<Member> {
  const m = await newMember(server, prefix);
  await payOrder(server, m, m.orderId, 0);
  return m;
}

const post = (m: Member, path: string) => server.request('POST', `/api${path}`, { token: m.token });
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function authInfo(m: Member) {
  return (await server.request('GET', '/api/Account/AuthInfo', { token: m.token })).body.subscription;
}

async function subRow(m: Member) {
  const rows = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM subscriptions WHERE first_order_id = ${m.orderId}`,
  );
  return rows.rows[0]!;
}

async function mailKinds(m: Member) {
  const rows = await server.database.db.execute<{ kind: string }>(
    sql`SELECT kind FROM emails WHERE to_address = ${m.email.toLowerCase()} ORDER BY created_at`,
  );
  return rows.rows.map((r) => r.kind);
}

async function charges(m: Member) {
  const rows = await server.database.db.execute<{ status: string }>(
    sql`SELECT status FROM renewal_charges WHERE subscription_id = ${(await subRow(m)).id as string}`,
  );
  return rows.rows.map((r) => r.status);
}

async function sweepAt(at: Date) {
  const res = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at.toISOString())}`);
  expect(res.status).toBe(200);
}

describe('POST /user/RescheduleNextBox', () => {
  it('moves the next charge to the chosen day (tomorrow to 90 days), replaces a pending skip, mails it', async () => {
    const m = await paidMember('move');
    const before = await authInfo(m);
    const hour = new Date(before.isoutcNextBillingDate).toISOString().slice(10);
    expect((await post(m, '/user/SkipNextBox')).status).toBe(200);
    expect((await authInfo(m)).skippedBoxes).toBe(1);

    const target = dayOf(Date.now() + 10 * DAY);
    const res = await post(m, `/user/RescheduleNextBox?date=${target}`);
    expect(res.status).toBe(200);
    expect(res.body.isoutcNextBillingDate).toBe(`${target}${hour}`);
    expect(res.body.skippedBoxes).toBe(0);
    expect(res.body.statusName).toBe('Active');
    expect(await mailKinds(m)).toContain('next-box-moved');

    // Tomorrow and 90 days out are allowed; today, 91 days, a bad date or format are 400.
    expect((await post(m, `/user/RescheduleNextBox?date=${dayOf(Date.now() + DAY)}`)).status).toBe(200);
    expect((await post(m, `/user/RescheduleNextBox?date=${dayOf(Date.now() + 90 * DAY)}`)).status).toBe(200);
    for (const bad of [dayOf(Date.now()), dayOf(Date.now() + 91 * DAY), '2027-02-30', '12/01/2027', '']) {
      const refused = await post(m, `/user/RescheduleNextBox?date=${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error_description).toMatch(/Please choose a date from tomorrow to 90 days out/);
    }
  }, 60_000);

  it('the renewal happens on the new day and the box after it follows the frequency from there', async () => {
    const m = await paidMember('move-renew');
    const target = dayOf(Date.now() + 5 * DAY);
    const moved = await post(m, `/user/RescheduleNextBox?date=${target}`);
    const billingAt = new Date(moved.body.isoutcNextBillingDate).getTime();
    // The day before: nothing; on the day: renewed once; then next = that day + 30.
    await sweepAt(new Date(billingAt - DAY));
    expect(await charges(m)).toEqual([]);
    await sweepAt(new Date(billingAt + 60_000));
    expect(await charges(m)).toEqual(['succeeded']);
    const after = await authInfo(m);
    expect(new Date(after.isoutcNextBillingDate).getTime()).toBe(billingAt + 30 * DAY);
    expect(new Date(after.cycleDates.billedDate).getTime()).toBe(billingAt + 60_000);
  }, 60_000);

  it('409 for a canceled or past-due membership', async () => {
    const m = await paidMember('move-canceled');
    await post(m, '/user/CancelSubscription?cancelReason=3');
    const target = dayOf(Date.now() + 3 * DAY);
    expect((await post(m, `/user/RescheduleNextBox?date=${target}`)).status).toBe(409);
    expect((await post(m, '/user/SendNextBoxNow')).status).toBe(409);
    const p = await paidMember('move-pastdue');
    await server.database.db.execute(
      sql`UPDATE subscriptions SET status = 'past_due' WHERE id = ${(await subRow(p)).id as string}`,
    );
    const res = await post(p, `/user/RescheduleNextBox?date=${target}`);
    expect(res.status).toBe(409);
    expect(res.body.error_description).toMatch(/update your card/);
    expect((await post(p, '/user/SendNextBoxNow')).status).toBe(409);
  }, 60_000);
});

describe('POST /user/SendNextBoxNow', () => {
  it('on the first box, before it shipped: bills once however often it is clicked, starts the new box with 2 prime picks, next billing = now + 30 days', async () => {
    const m = await paidMember('send-now');
    const clicks = await Promise.all([post(m, '/user/SendNextBoxNow'), post(m, '/user/SendNextBoxNow')]);
    for (const c of clicks) expect(c.status).toBe(200);
    expect((await post(m, '/user/SendNextBoxNow')).status).toBe(200);
    expect(await charges(m)).toEqual(['succeeded']);
    const sub = await authInfo(m);
    expect(sub.currentOrderId).not.toBe(m.orderId);
    expect(sub.cycleStatus).toBe(1);
    const billed = new Date(sub.cycleDates.billedDate).getTime();
    expect(Math.abs(billed - Date.now())).toBeLessThan(60_000);
    expect(new Date(sub.isoutcNextBillingDate).getTime()).toBe(billed + 30 * DAY);
    const picks = await server.database.db.execute(
      sql`SELECT 1 FROM order_items WHERE order_id = ${sub.currentOrderId} AND is_prime_pick`,
    );
    expect(picks.rows).toHaveLength(2);
    const kinds = await mailKinds(m);
    expect(kinds.filter((k) => k === 'renewal-receipt')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'next-box-sent-now')).toHaveLength(1);
    // The first box still ships: it keeps its own cycle.
    const first = await server.database.db.execute<{ status: string }>(
      sql`SELECT status FROM billing_cycles WHERE order_id = ${m.orderId}`,
    );
    expect(first.rows[0]!.status).toBe('billed');
  }, 60_000);

  it('on the third box (dev clock): bills the fourth at once and clears a pending pause', async () => {
    const m = await paidMember('send-third');
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    await sweepAt(new Date(billed + 30 * DAY + 60_000));
    await sweepAt(new Date(billed + 60 * DAY + 120_000));
    await sweepAt(new Date(billed + 75 * DAY));
    expect(await charges(m)).toHaveLength(2);
    expect((await post(m, '/user/PauseSubscription?cycles=2')).status).toBe(200);
    const res = await post(m, '/user/SendNextBoxNow');
    expect(res.status).toBe(200);
    expect(await charges(m)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(res.body.statusName).toBe('Active');
    expect(res.body.skippedBoxes).toBe(0);
    const rows = await server.database.db.execute<{ cycle_index: number }>(
      sql`SELECT cycle_index FROM billing_cycles WHERE order_id = ${res.body.currentOrderId}`,
    );
    expect(Number(rows.rows[0]!.cycle_index)).toBe(3);
    // Billed at the membership's time (75 days after the first box), next 30 days after that.
    expect(new Date(res.body.isoutcNextBillingDate).getTime()).toBe(billed + 105 * DAY);
  }, 90_000);

  it('a declined card: the membership goes past due with the failed-payment mail, and the next click is 409', async () => {
    const m = await paidMember('send-declined');
    // A card that saves fine and declines every charge becomes the default.
    const card = await server.request('POST', '/api/PaymentMethod/SetDefault', {
      token: m.token,
      body: { paymentMethodId: 'pm_card_chargeCustomerFail' },
    });
    expect(card.status).toBe(200);
    const res = await post(m, '/user/SendNextBoxNow');
    expect(res.status).toBe(200);
    expect(res.body.statusName).toBe('Past Due');
    expect(await charges(m)).toEqual(['failed']);
    expect(await mailKinds(m)).toContain('payment-failed');
    expect((await post(m, '/user/SendNextBoxNow')).status).toBe(409);
  }, 60_000);
});
