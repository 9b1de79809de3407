import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/index.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createMailer } from '../mail/index.ts';
import { createSubscriptionsHooks, type MembershipChange } from './hooks.ts';
import { createSubscriptionActions } from './subscription-actions.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

/*
 * "Membership changed" (decision 016, the third step): the member's actions raise it after the
 * change and its history event, inside their transaction; a listener that throws undoes the change.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

function actionsWith(hooks: ReturnType<typeof createSubscriptionsHooks>) {
  const db = server.database.db;
  const clock = () => new Date();
  return createSubscriptionActions({
    db,
    clock,
    mailer: createMailer({ db }),
    storeEmail: 'store@example.com',
    subscriptionOf: createSubscriptionsService({ db, clock }).subscriptionOf,
    renewNow: async () => undefined,
    membershipChanged: hooks.membershipChanged,
  });
}

async function memberWithMembership() {
  const member = await newMember(server, 'hooked');
  await payOrder(server, member, member.orderId);
  const [row] = (
    await server.database.db.execute<{ id: string; identity_id: string }>(
      sql`SELECT id, identity_id FROM subscriptions WHERE first_order_id = ${member.orderId}`,
    )
  ).rows;
  return { subscriptionId: row!.id, identityId: row!.identity_id };
}

const pausedOf = async (subscriptionId: string) =>
  (
    await server.database.db.execute<{ paused: boolean }>(
      sql`SELECT paused FROM subscriptions WHERE id = ${subscriptionId}`,
    )
  ).rows[0]!.paused;

describe('the "membership changed" hook', () => {
  it('runs its listener with the change, inside the transaction that made it', async () => {
    const { subscriptionId, identityId } = await memberWithMembership();
    const hooks = createSubscriptionsHooks();
    const seen: { change: MembershipChange; pausedInside: boolean; eventsInside: number }[] = [];
    hooks.membershipChanged.on(async (tx, change) => {
      const [row] = (
        await tx.execute<{ paused: boolean; events: number }>(sql`
          SELECT s.paused, (SELECT count(*)::int FROM subscription_events e
            WHERE e.subscription_id = s.id AND e.kind = 'paused') AS events
          FROM subscriptions s WHERE s.id = ${change.subscriptionId}`)
      ).rows;
      seen.push({ change, pausedInside: Boolean(row?.paused), eventsInside: Number(row?.events) });
    });

    await actionsWith(hooks).pause(identityId, 1);

    expect(seen).toHaveLength(1);
    expect(seen[0]!.change).toMatchObject({ subscriptionId, identityId, kind: 'paused', actor: 'member' });
    expect(seen[0]!.change.at).toBeInstanceOf(Date);
    // The listener saw the change and its history event before they were committed.
    expect(seen[0]!.pausedInside).toBe(true);
    expect(seen[0]!.eventsInside).toBe(1);
  });

  it('a listener that throws undoes the change', async () => {
    const { subscriptionId, identityId } = await memberWithMembership();
    await actionsWith(createSubscriptionsHooks()).pause(identityId, 1);
    expect(await pausedOf(subscriptionId)).toBe(true);

    const hooks = createSubscriptionsHooks();
    let called = 0;
    hooks.membershipChanged.on(async () => {
      called++;
      throw new Error('listener failed');
    });
    await expect(actionsWith(hooks).resume(identityId)).rejects.toThrow('listener failed');

    expect(called).toBe(1);
    expect(await pausedOf(subscriptionId)).toBe(true);
    const resumed = await server.database.db.execute(
      sql`SELECT 1 FROM subscription_events WHERE subscription_id = ${subscriptionId} AND kind = 'resumed'`,
    );
    expect(resumed.rows).toHaveLength(0);
  });
});
