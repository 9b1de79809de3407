import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createMailer } from '../mail/mailer.ts';
import { createPaymentProvider } from '../payments/provider/create-provider.ts';
import { createBoxBilling } from './billing.ts';
import type { RenewalOrder } from './next-box-extras.ts';
import { createRanker } from './picks.ts';
import { DEFAULT_RENEWAL_POLICY } from './renewals.ts';
import type { SweepDeps } from './sweep.ts';

const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse('2027-03-01T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let deps: SweepDeps;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  const db = server.database.db;
  deps = {
    db,
    payments: createPaymentProvider({ config: server.config, db, clock }),
    mailer: createMailer({ db }),
    rank: createRanker({ db, catalog: createCatalogService({ db }) }),
    webUrl: 'http://store.test',
    autoShip: true,
  };
});
afterAll(async () => {
  await server?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await server.database.db.execute(query)).rows as T[];
}

async function memberSubscription(): Promise<string> {
  const m = await newMember(server, 'billing');
  await payOrder(server, m, m.orderId, 0);
  const [row] = await rows<{ id: string }>(
    sql`SELECT s.id FROM subscriptions s WHERE s.first_order_id = ${m.orderId}`,
  );
  return row!.id;
}

async function charges(subscriptionId: string) {
  return rows<{ cycle_index: number; status: string; amount_cents: number }>(
    sql`SELECT cycle_index, status, amount_cents FROM renewal_charges WHERE subscription_id = ${subscriptionId} ORDER BY cycle_index, attempt`,
  );
}

describe('the cycle engine billing interface (box memberships)', () => {
  it('D3 lists a due membership, claims and charges its period once, then has nothing due', async () => {
    const billing = createBoxBilling(deps);
    const subscriptionId = await memberSubscription();
    expect(await billing.duePlanIds(new Date(now), 500)).not.toContain(subscriptionId);

    now += 31 * DAY;
    const at = new Date(now);
    expect(await billing.duePlanIds(at, 500)).toContain(subscriptionId);
    expect(await billing.renewDue(subscriptionId, at)).toBe('renewed');
    expect(await billing.renewDue(subscriptionId, at)).toBe('none');
    expect(await billing.duePlanIds(at, 500)).not.toContain(subscriptionId);
    const paid = await charges(subscriptionId);
    expect(paid.map((c) => [Number(c.cycle_index), c.status])).toEqual([[1, 'succeeded']]);
    expect(billing.dunning).toEqual(DEFAULT_RENEWAL_POLICY);
  });

  it('charges the total the next-box extras hook answers, and calls it once per new renewal order', async () => {
    const seen: RenewalOrder[] = [];
    const billing = createBoxBilling({
      ...deps,
      nextBoxExtras: async (_tx, order) => {
        seen.push(order);
        return { totalCents: order.totalCents + 1234 };
      },
    });
    const subscriptionId = await memberSubscription();
    now += 31 * DAY;
    expect(await billing.renewDue(subscriptionId, new Date(now))).toBe('renewed');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ subscriptionId, cycleIndex: 1 });
    const [order] = await rows<{ total_cents: number }>(
      sql`SELECT total_cents FROM orders WHERE id = ${seen[0]!.orderId}`,
    );
    expect(Number(order!.total_cents)).toBe(seen[0]!.totalCents);
    const [charge] = await charges(subscriptionId);
    expect(Number(charge!.amount_cents)).toBe(seen[0]!.totalCents + 1234);
  });
});
