import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import { mailCount, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createMailer } from '../mail/mailer.ts';
import { createPaymentProvider } from '../payments/provider/create-provider.ts';
import { createRanker } from './picks.ts';
import { REMINDER_DAYS, type SweepDeps, sweep } from './sweep.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2027-03-10T12:00:00.000Z');
let server: TestServer;
let deps: SweepDeps;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock: () => new Date(now) });
  await seedCatalog(server.database.db);
  const db = server.database.db;
  deps = {
    db,
    payments: createPaymentProvider({ config: server.config, db, clock: () => new Date(now) }),
    mailer: createMailer({ db }),
    rank: createRanker({ db, catalog: createCatalogService({ db }) }),
    webUrl: 'http://store.test',
    autoShip: true,
    // Smaller than the number of members in the window, so the sweep must go past its first batch.
    reminderBatch: 2,
  };
});
afterAll(async () => {
  await server?.close();
});

describe('renewal reminders at scale', () => {
  it('reminds every membership billed within 3 days once, however many more than one batch there are', async () => {
    const members = [];
    for (let i = 0; i < 5; i++) {
      const m = await newMember(server, `remind${i}`);
      await payOrder(server, m, m.orderId, 0);
      members.push(m);
    }
    // All five are billed within the reminder window, at different hours.
    for (const [i, m] of members.entries()) {
      const billing = new Date(now + (REMINDER_DAYS * DAY) / 2 + i * 3_600_000);
      await server.database.db.execute(
        sql`UPDATE subscriptions SET next_billing_at = ${billing.toISOString()}::timestamptz WHERE first_order_id = ${m.orderId}`,
      );
    }

    const first = await sweep(deps, new Date(now));
    expect(first.reminders).toBe(5);
    for (const m of members) expect(await mailCount(server, m.email, 'renewal-reminder', 0)).toBe(1);

    // A later sweep before the billing date reminds nobody again.
    const again = await sweep(deps, new Date(now + 3_600_000));
    expect(again.reminders).toBe(0);
    for (const m of members) expect(await mailCount(server, m.email, 'renewal-reminder', 0)).toBe(1);
  }, 120_000);
});
