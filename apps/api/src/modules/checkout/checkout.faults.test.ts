import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { sandboxWebhookSecret } from '../payments/provider/create-provider.ts';
import { signWebhookPayload } from '../payments/provider/webhook-signature.ts';
import {
  chargesOf,
  createIntent,
  type Member,
  mailCount,
  newMember,
  orderRow,
  relaxedLimiter,
  subscribe,
  subscriptionsOf,
  succeededAttemptsOf,
} from './checkout.test-support.ts';

/*
 * Faults between the provider's charge and our record of it (docs/product.md#quiz-and-first-box, docs/reliability.md#e1,
 * E3, E4, C7, C11): the database write is made to fail for real with a trigger, then the
 * reconciliation pass or the webhook must complete the payment exactly once.
 */

let now = Date.parse('2027-03-10T09:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  await seedAdmin(server.database.db, clock());
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  adminToken = login.body.token;
});
afterAll(async () => {
  await server?.close();
});

/** Makes every write matching `when` on `table` fail, as a broken database would, until `heal`. */
async function breakWrites(table: string, event: 'INSERT' | 'UPDATE', when = 'true') {
  const name = `fail_${table}_${randomUUID().slice(0, 8)}`;
  await server.database.db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF ${when} THEN RAISE EXCEPTION 'simulated database failure'; END IF; RETURN NEW; END $$`),
  );
  await server.database.db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  return async function heal() {
    await server.database.db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
    await server.database.db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  };
}

function reconcile(token = adminToken) {
  return server.request('POST', '/api/payments/reconcile?olderThanSeconds=0', { token });
}

async function authInfo(member: Pick<Member, 'token'>) {
  return (await server.request('GET', '/api/Account/AuthInfo', { token: member.token })).body;
}

describe('when recording a payment fails after the charge', () => {
  it('reconciliation finds the charge by its order and completes it exactly once (E4)', async () => {
    const member = await newMember(server);
    const intent = await createIntent(server, member, member.orderId, { schedule: 2 });
    expect(intent.body.status).toBe('succeeded');

    const heal = await breakWrites('subscriptions', 'INSERT');
    const failed = await subscribe(server, member, member.orderId, intent.body.paymentIntentId, {
      schedule: 2,
    });
    await heal();
    expect(failed.status).toBe(500);
    expect(failed.body.error_description).not.toContain('simulated');
    // Charged, not recorded: nothing half-done was kept.
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect((await orderRow(server, member.orderId)).status).toBe('draft');
    expect(await subscriptionsOf(server, member.orderId)).toBe(0);
    expect((await authInfo(member)).subscription).toBeNull();

    const first = await reconcile();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ paid: 1 });
    expect((await orderRow(server, member.orderId)).status).toBe('paid');
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect(await mailCount(server, member.email, 'order-confirmation')).toBe(1);
    // The schedule chosen at checkout travelled with the payment.
    expect((await authInfo(member)).subscription.deliveryScheduleDuration).toBe(60);

    const second = await reconcile();
    expect(second.body).toMatchObject({ paid: 0 });
    const retried = await subscribe(server, member, member.orderId, intent.body.paymentIntentId, {
      schedule: 2,
    });
    expect(retried.status).toBe(200);
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect(await mailCount(server, member.email, 'order-confirmation')).toBe(1);
  });

  it('a retry never charges again while the lost attempt is unsettled, and settles it once stale (E1)', async () => {
    const member = await newMember(server);
    const heal = await breakWrites('payment_attempts', 'UPDATE', "NEW.status = 'succeeded'");
    const lost = await createIntent(server, member, member.orderId);
    await heal();
    expect(lost.status).toBe(500);
    expect(await chargesOf(server, member.orderId)).toBe(1);
    const attempt = await server.database.db.execute<{ status: string }>(
      sql`SELECT status FROM payment_attempts WHERE order_id = ${member.orderId}`,
    );
    expect(attempt.rows).toEqual([{ status: 'pending' }]);

    const tooSoon = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_mastercard',
    });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.code).toBe('in_progress');
    expect(await chargesOf(server, member.orderId)).toBe(1);

    // Three minutes later the retry settles the lost attempt from the provider instead of charging.
    now += 3 * 60 * 1000;
    const later = await createIntent(server, member, member.orderId, {
      paymentMethodId: 'pm_card_mastercard',
    });
    expect(later.status).toBe(409);
    expect(later.body.error_description).toBe('This order is already paid.');
    expect(await chargesOf(server, member.orderId)).toBe(1);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect((await authInfo(member)).subscription).toMatchObject({ statusName: 'Active' });
  });

  it('closes an attempt the provider never charged, so the order can be paid', async () => {
    const member = await newMember(server);
    // A process that died after writing its attempt and before calling the provider.
    await server.database.db.execute(sql`
      INSERT INTO payment_attempts (id, order_id, identity_id, attempt_number, idempotency_key, provider,
        amount_cents, status, created_at, updated_at)
      SELECT ${randomUUID()}, id, identity_id, 1, ${`order:${member.orderId}:1`}, 'sandbox', total_cents, 'pending',
        ${new Date(now - 10 * 60 * 1000).toISOString()}, ${new Date(now - 10 * 60 * 1000).toISOString()}
      FROM orders WHERE id = ${member.orderId}`);
    const report = await server.request('POST', '/api/payments/reconcile?olderThanSeconds=120', {
      token: adminToken,
    });
    expect(report.body).toMatchObject({ closed: 1, paid: 0 });
    const paid = await createIntent(server, member, member.orderId);
    expect(paid.status).toBe(200);
    expect(await chargesOf(server, member.orderId)).toBe(1);
  });

  it('the webhook completes it once; while the database fails it answers 5xx so the event comes again (C9, E3)', async () => {
    const member = await newMember(server);
    const intent = await createIntent(server, member, member.orderId);
    const heal = await breakWrites('subscriptions', 'INSERT');
    expect((await subscribe(server, member, member.orderId, intent.body.paymentIntentId)).status).toBe(500);

    const stored = await server.database.db.execute<{ data: unknown }>(
      sql`SELECT data FROM sandbox_payment_intents WHERE id = ${intent.body.paymentIntentId}`,
    );
    const pi =
      typeof stored.rows[0]!.data === 'string' ? JSON.parse(stored.rows[0]!.data) : stored.rows[0]!.data;
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      created: Math.floor(now / 1000),
      livemode: false,
      type: 'payment_intent.succeeded',
      data: { object: pi },
    });
    const deliver = () =>
      server.request('POST', '/api/payments/webhook', {
        rawBody: { contentType: 'application/json', data: payload },
        headers: {
          'stripe-signature': signWebhookPayload(
            payload,
            sandboxWebhookSecret(server.config),
            Math.floor(now / 1000),
          ),
        },
      });
    const duringOutage = await deliver();
    expect(duringOutage.status).toBe(500);
    expect(await subscriptionsOf(server, member.orderId)).toBe(0);
    await heal();

    const delivered = await deliver();
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ received: true, status: 'processed' });
    const again = await deliver();
    expect(again.body).toEqual({ received: true, status: 'already_processed' });
    expect((await orderRow(server, member.orderId)).status).toBe('paid');
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    expect(await mailCount(server, member.email, 'order-confirmation', 300)).toBe(1);
    expect((await subscribe(server, member, member.orderId, intent.body.paymentIntentId)).status).toBe(200);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
  });

  it('refunds a charge that cannot start a second membership, and tells the buyer (C11)', async () => {
    const member = await newMember(server);
    const retake = await server.request('POST', '/api/theQuiz/TakeQuiz', {
      token: member.token,
      body: { exerciseTypes: [1], flavors: [0, 1, 2, 3], usedProteinBefore: false },
    });
    const second = await server.request('POST', '/api/product/GetProductQuizResults', {
      token: member.token,
      body: { id: retake.body.id },
    });
    const secondOrderId = second.body.orderId as string;
    // Both boxes charged before either was recorded (two tabs, two quizzes).
    const one = await createIntent(server, member, member.orderId);
    const two = await createIntent(server, member, secondOrderId);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect((await subscribe(server, member, member.orderId, one.body.paymentIntentId)).status).toBe(200);
    const refused = await subscribe(server, member, secondOrderId, two.body.paymentIntentId);
    expect(refused.status).toBe(409);
    expect(refused.body.error_description).toContain('This payment is being refunded.');

    expect((await orderRow(server, secondOrderId)).status).toBe('refunded');
    const refunds = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sandbox_objects WHERE kind = 'refund'
          AND data->>'payment_intent' = ${two.body.paymentIntentId}`,
    );
    expect(Number(refunds.rows[0]!.n)).toBe(1);
    expect(await mailCount(server, member.email, 'order-refunded')).toBe(1);
    // Asking again changes nothing: one refund, one membership.
    expect((await subscribe(server, member, secondOrderId, two.body.paymentIntentId)).status).toBe(409);
    await reconcile();
    const after = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sandbox_objects WHERE kind = 'refund'
          AND data->>'payment_intent' = ${two.body.paymentIntentId}`,
    );
    expect(Number(after.rows[0]!.n)).toBe(1);
    expect((await authInfo(member)).subscription.currentOrderId).toBe(member.orderId);
  });
});

describe('POST /api/payments/reconcile', () => {
  it('is for operators only', async () => {
    const member = await newMember(server);
    expect((await reconcile(member.token)).status).toBe(403);
    expect((await server.request('POST', '/api/payments/reconcile')).status).toBe(401);
  });
});
