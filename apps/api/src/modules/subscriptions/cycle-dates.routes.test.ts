import { CYCLE_STAGES, formatMembershipDate, productName } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { markBoxShipped } from '../cycles/fulfilment.ts';

const DAY = 24 * 60 * 60 * 1000;
const PICK_TUB = CYCLE_STAGES.indexOf('Pick Tub');
const TASTE_AND_REVIEW = CYCLE_STAGES.indexOf('Taste & Review');

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

async function membership(token: string) {
  const answer = await server.request('GET', '/api/Account/AuthInfo', { token });
  expect(answer.status).toBe(200);
  return answer.body.subscription;
}

async function sweepAt(at: Date) {
  const answer = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at.toISOString())}`);
  expect(answer.status).toBe(200);
}

describe("the membership's cycle dates and stages", () => {
  it('shows the build deadline, assembly and expected ship dates from the payment on', async () => {
    const m = await newMember(server, 'dates');
    await payOrder(server, m, m.orderId, 0);
    const sub = await membership(m.token);
    expect(sub.cycleStatus).toBe(CYCLE_STAGES.indexOf('Build Your Box'));
    const billed = new Date(sub.cycleDates.billedDate).getTime();
    expect(Math.abs(billed - Date.now())).toBeLessThan(60 * 60 * 1000);
    expect(new Date(sub.cycleDates.buildDeadline).getTime()).toBe(billed + 3 * DAY);
    expect(new Date(sub.cycleDates.assemblyEndDate).getTime()).toBe(billed + 8 * DAY);
    expect(new Date(sub.cycleDates.expectedShipDate).getTime()).toBe(billed + 8 * DAY);
    expect(sub.cycleDates.shippedDate).toBeNull();
    expect(sub.cycleDates.trackingNumber).toBeNull();
  }, 60_000);

  it('reaches Pick Tub 7 days after delivery through the dev sweep, not a day earlier', async () => {
    const m = await newMember(server, 'picktub');
    await payOrder(server, m, m.orderId, 0);
    const billed = new Date((await membership(m.token)).cycleDates.billedDate).getTime();
    // Ships at deadline + 5 days (day 8), delivered 3 days later (day 11).
    await sweepAt(new Date(billed + 11 * DAY + 60_000));
    let sub = await membership(m.token);
    expect(sub.cycleStatus).toBe(TASTE_AND_REVIEW);
    expect(new Date(sub.cycleDates.deliveredDate).getTime()).toBe(billed + 11 * DAY);
    expect(new Date(sub.cycleDates.shippedDate).getTime()).toBe(billed + 8 * DAY);

    await sweepAt(new Date(billed + 17 * DAY + 23 * 60 * 60 * 1000));
    expect((await membership(m.token)).cycleStatus).toBe(TASTE_AND_REVIEW);

    await sweepAt(new Date(billed + 18 * DAY + 60_000));
    sub = await membership(m.token);
    expect(sub.cycleStatus).toBe(PICK_TUB);
    expect(sub.statusName).toBe('Active');
  }, 60_000);

  it('reaches Pick Tub in one sweep far enough ahead (ship, deliver and the review week at once)', async () => {
    const m = await newMember(server, 'onesweep');
    await payOrder(server, m, m.orderId, 0);
    const billed = new Date((await membership(m.token)).cycleDates.billedDate).getTime();
    await sweepAt(new Date(billed + 20 * DAY));
    expect((await membership(m.token)).cycleStatus).toBe(PICK_TUB);
  }, 60_000);

  it('shows the tracking number and the real ship date once the operator shipped the box', async () => {
    const m = await newMember(server, 'tracking');
    await payOrder(server, m, m.orderId, 0);
    const billed = new Date((await membership(m.token)).cycleDates.billedDate).getTime();
    const shippedAt = new Date(billed + 5 * DAY);
    expect(await markBoxShipped(server.database.db, m.orderId, shippedAt, '1Z999AA10123456784')).toBe(true);
    const sub = await membership(m.token);
    expect(sub.cycleStatus).toBe(CYCLE_STAGES.indexOf('Box Shipping'));
    expect(sub.cycleDates.trackingNumber).toBe('1Z999AA10123456784');
    expect(sub.cycleDates.shippedDate).toBe(shippedAt.toISOString());
    expect(sub.cycleDates.expectedShipDate).toBe(shippedAt.toISOString());
  }, 60_000);

  it("sends a renewal receipt naming the new box's prime picks with their flavors, the build deadline and ship date", async () => {
    const m = await newMember(server, 'receipt');
    await payOrder(server, m, m.orderId, 0);
    const billed = new Date((await membership(m.token)).cycleDates.billedDate).getTime();
    const renewedAt = new Date(billed + 30 * DAY + 60_000);
    await sweepAt(renewedAt);
    const sub = await membership(m.token);
    expect(sub.currentOrderId).not.toBe(m.orderId);
    const picks = await server.database.db.execute<{ brand: string; title: string; flavor: string }>(sql`
      SELECT b.name AS brand, p.title, p.flavor FROM order_items i JOIN products p ON p.id = i.product_id
      JOIN brands b ON b.id = p.brand_id WHERE i.order_id = ${sub.currentOrderId} AND i.is_prime_pick`);
    expect(picks.rows).toHaveLength(2);
    const mail = await server.database.db.execute<{ text: string }>(
      sql`SELECT text FROM emails WHERE to_address = ${m.email.toLowerCase()} AND kind = 'renewal-receipt'`,
    );
    expect(mail.rows).toHaveLength(1);
    const text = mail.rows[0]!.text;
    for (const pick of picks.rows) expect(text).toContain(`${pick.brand} ${productName(pick)}`);
    expect(text).toContain(
      `Choose your other 2 samples by ${formatMembershipDate(new Date(renewedAt.getTime() + 3 * DAY).toISOString())}`,
    );
    expect(text).toContain(
      `expected to ship on ${formatMembershipDate(new Date(renewedAt.getTime() + 8 * DAY).toISOString())}`,
    );
  }, 60_000);

  it('has no cycle dates without a membership', async () => {
    const m = await newMember(server, 'nodates');
    expect(await membership(m.token)).toBeNull();
  }, 60_000);
});
