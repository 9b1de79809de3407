import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { createCatalogService, seedCatalog } from '../catalog/index.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createMailer } from '../mail/index.ts';
import { createPaymentProvider } from '../payments/index.ts';
import { createCycleHooks, type RenewalPaid } from './hooks.ts';
import { createRanker } from './picks.ts';
import { type SweepDeps, sweep } from './sweep.ts';

/*
 * "Renewal paid" (decision 016, the third step): the cycle engine raises it in the transaction that
 * records a renewal charge as paid; a listener that throws undoes the renewal's recording.
 */

const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse('2027-03-01T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

function depsWith(hooks: ReturnType<typeof createCycleHooks>): SweepDeps {
  const db = server.database.db;
  return {
    db,
    payments: createPaymentProvider({ config: server.config, db, clock }),
    mailer: createMailer({ db }),
    rank: createRanker({ db, catalog: createCatalogService({ db }) }),
    webUrl: 'http://store.test',
    autoShip: true,
    renewalPaid: hooks.renewalPaid,
  };
}

async function memberWithMembership() {
  const member = await newMember(server, 'renewing');
  await payOrder(server, member, member.orderId, 0);
  const [row] = (
    await server.database.db.execute<{ id: string; identity_id: string }>(
      sql`SELECT id, identity_id FROM subscriptions WHERE first_order_id = ${member.orderId}`,
    )
  ).rows;
  return { subscriptionId: row!.id, identityId: row!.identity_id };
}

async function cycleOne(subscriptionId: string) {
  const [row] = (
    await server.database.db.execute<{ status: string; order_id: string }>(
      sql`SELECT status, order_id FROM billing_cycles WHERE subscription_id = ${subscriptionId} AND cycle_index = 1`,
    )
  ).rows;
  return row;
}

describe('the "renewal paid" hook', () => {
  it('runs its listener with the renewal, inside the transaction that records it as paid', async () => {
    const { subscriptionId, identityId } = await memberWithMembership();
    const hooks = createCycleHooks();
    const seen: { paid: RenewalPaid; cycleInside: string; orderInside: string }[] = [];
    hooks.renewalPaid.on(async (tx, paid) => {
      if (paid.subscriptionId !== subscriptionId) return;
      const [row] = (
        await tx.execute<{ cycle: string; order: string }>(sql`
          SELECT bc.status AS cycle, o.status AS order FROM billing_cycles bc JOIN orders o ON o.id = bc.order_id
          WHERE bc.subscription_id = ${paid.subscriptionId} AND bc.cycle_index = ${paid.cycleIndex}`)
      ).rows;
      seen.push({ paid, cycleInside: String(row?.cycle), orderInside: String(row?.order) });
    });

    now += 31 * DAY;
    await sweep(depsWith(hooks), new Date(now));

    const cycle = await cycleOne(subscriptionId);
    expect(cycle?.status).toBe('billed');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.paid).toMatchObject({
      subscriptionId,
      identityId,
      cycleIndex: 1,
      orderId: cycle!.order_id,
    });
    expect(seen[0]!.paid.amountCents).toBeGreaterThan(0);
    expect(seen[0]!.cycleInside).toBe('billed');
    expect(seen[0]!.orderInside).toBe('paid');
  });

  it('a listener that throws undoes the recording of the paid renewal', async () => {
    const { subscriptionId } = await memberWithMembership();
    const hooks = createCycleHooks();
    let called = 0;
    hooks.renewalPaid.on(async (_tx, paid) => {
      if (paid.subscriptionId !== subscriptionId) return;
      called++;
      throw new Error('listener failed');
    });

    now += 31 * DAY;
    await sweep(depsWith(hooks), new Date(now)).catch(() => undefined);

    expect(called).toBe(1);
    expect((await cycleOne(subscriptionId))?.status).not.toBe('billed');
    const succeeded = await server.database.db.execute(
      sql`SELECT 1 FROM renewal_charges WHERE subscription_id = ${subscriptionId} AND status = 'succeeded'`,
    );
    expect(succeeded.rows).toHaveLength(0);
  });
});
