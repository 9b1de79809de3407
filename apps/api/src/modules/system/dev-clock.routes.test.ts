import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

describe('POST /dev/sweep (the dev clock)', () => {
  it('runs one sweep at the given time: samples chosen after the deadline (stage shown: Assembly), then a renewal once', async () => {
    const m = await newMember(server, 'devclock');
    await payOrder(server, m, m.orderId, 0);
    const stage = async () =>
      (await server.request('GET', '/api/Account/AuthInfo', { token: m.token })).body.subscription
        .cycleStatus;
    expect(await stage()).toBe(1);
    // Past the build deadline: the store chooses the 2 samples and the page shows Box Assembly.
    const assembly = await server.request(
      'POST',
      `/api/dev/sweep?at=${encodeURIComponent(new Date(Date.now() + 4 * DAY).toISOString())}`,
    );
    expect(assembly.status).toBe(200);
    expect(assembly.body.samplesChosen).toBeGreaterThanOrEqual(1);
    expect(await stage()).toBe(2);
    const items = await server.database.db.execute(
      sql`SELECT 1 FROM order_items WHERE order_id = ${m.orderId}`,
    );
    expect(items.rows).toHaveLength(4);
    const at = new Date(Date.now() + 31 * DAY).toISOString();
    const first = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at)}`);
    expect(first.status).toBe(200);
    expect(first.body.at).toBe(at);
    expect(first.body.renewed).toBeGreaterThanOrEqual(1);
    const again = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at)}`);
    expect(again.status).toBe(200);
    expect(again.body.renewed).toBe(0);
    const charges = await server.database.db.execute<{ cycle_index: number }>(sql`
      SELECT r.cycle_index FROM renewal_charges r JOIN subscriptions s ON s.id = r.subscription_id
      WHERE s.first_order_id = ${m.orderId} AND r.status = 'succeeded'`);
    expect(charges.rows.map((r) => Number(r.cycle_index))).toEqual([1]);
  }, 60_000);

  it('answers 400 with a description for a time that is not an ISO date', async () => {
    for (const bad of ['tomorrow', '', '2027-13-45T00:00:00Z']) {
      const answer = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(bad)}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error_description).toBeTruthy();
    }
    expect((await server.request('POST', '/api/dev/sweep')).status).toBe(400);
  });
});

describe('in production', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ isProduction: true }, { limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await production?.close();
  });

  it('is not there (404), like the dev mailbox', async () => {
    const at = new Date(Date.now() + 31 * DAY).toISOString();
    const answer = await production.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at)}`);
    expect(answer.status).toBe(404);
    expect((await production.request('GET', '/api/dev/mailbox')).status).toBe(404);
  });
});
