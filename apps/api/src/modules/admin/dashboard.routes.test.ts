import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { relaxedLimiter } from '../checkout/checkout.test-support.ts';

/** "Now" for the dashboard: Wednesday 2027-03-17, 12:00 UTC. */
const NOW = Date.parse('2027-03-17T12:00:00.000Z');
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock: () => new Date(NOW) });
  await seedAdmin(server.database.db);
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(login.status).toBe(200);
  adminToken = login.body.token;
  await seed();
});
afterAll(async () => {
  await server?.close();
});

const exec = (query: ReturnType<typeof sql>) => server.database.db.execute(query);

async function person(): Promise<string> {
  const id = randomUUID();
  await exec(
    sql`INSERT INTO identities (id, email, referral_code) VALUES (${id}, ${`m-${id.slice(0, 8)}@example.com`}, ${id.slice(0, 8)})`,
  );
  return id;
}

async function order(
  identityId: string,
  kind: string,
  totalCents: number,
  paidAt: string | null,
  status = 'paid',
): Promise<string> {
  const id = randomUUID();
  await exec(sql`
    INSERT INTO orders (id, identity_id, kind, status, price_cents, total_cents, paid_at, plan)
    VALUES (${id}, ${identityId}, ${kind}, ${status}, ${totalCents}, ${totalCents}, ${paidAt},
            ${kind === 'pre_order' ? 'flex' : null})`);
  return id;
}

async function membership(input: {
  createdAt: string;
  status?: 'active' | 'past_due' | 'canceled';
  canceledAt?: string;
  cancelReason?: number | null;
  nextBillingAt?: string;
  skipCycles?: number;
}): Promise<string> {
  const identityId = await person();
  const firstOrder = await order(identityId, 'first_box', 1699, input.createdAt);
  const id = randomUUID();
  await exec(sql`
    INSERT INTO subscriptions (id, identity_id, status, schedule_index, schedule_days, price_cents, handling_fee_cents,
      first_order_id, current_order_id, cycle_started_at, next_billing_at, canceled_at, cancel_reason, skip_cycles, created_at, updated_at)
    VALUES (${id}, ${identityId}, ${input.status ?? 'active'}, 0, 30, 1400, 299, ${firstOrder}, ${firstOrder},
      ${input.createdAt}, ${input.nextBillingAt ?? '2027-04-30T00:00:00Z'}, ${input.canceledAt ?? null},
      ${input.cancelReason ?? null}, ${input.skipCycles ?? 0}, ${input.createdAt}, ${input.createdAt})`);
  return identityId;
}

/**
 * The period 2027-03-01..2027-03-14 (Mon 1 Mar to Sun 14 Mar: two whole weeks).
 * Each row below says what it adds to the figures.
 */
async function seed() {
  // Before the period, still live at its end: active +1 (first box paid before: no revenue).
  await membership({ createdAt: '2027-02-10T10:00:00Z' });
  // Started in the period: new +1, active +1, boxes 1699 in week 1.
  await membership({ createdAt: '2027-03-02T10:00:00Z', nextBillingAt: '2027-03-20T00:00:00Z' });
  // Started in the period, renewal due in 7 days but skipped: new +1, active +1, boxes 1699 in week 2; not due.
  await membership({
    createdAt: '2027-03-09T10:00:00Z',
    nextBillingAt: '2027-03-19T00:00:00Z',
    skipCycles: 1,
  });
  // Past due at the end: active +1, new +1, boxes 1699 week 2.
  await membership({ createdAt: '2027-03-10T10:00:00Z', status: 'past_due' });
  // Canceled in the period with reasons 1, 1 and 3, one for failed payments (no reason).
  await membership({
    createdAt: '2027-01-05T10:00:00Z',
    status: 'canceled',
    canceledAt: '2027-03-03T10:00:00Z',
    cancelReason: 1,
  });
  await membership({
    createdAt: '2027-01-06T10:00:00Z',
    status: 'canceled',
    canceledAt: '2027-03-12T10:00:00Z',
    cancelReason: 1,
  });
  await membership({
    createdAt: '2027-01-07T10:00:00Z',
    status: 'canceled',
    canceledAt: '2027-03-14T23:59:00Z',
    cancelReason: 3,
  });
  await membership({
    createdAt: '2027-01-08T10:00:00Z',
    status: 'canceled',
    canceledAt: '2027-03-05T10:00:00Z',
    cancelReason: null,
  });
  // Canceled after the period: active at its end +1, not a cancellation of the period.
  await membership({
    createdAt: '2027-01-09T10:00:00Z',
    status: 'canceled',
    canceledAt: '2027-03-16T10:00:00Z',
    cancelReason: 2,
  });
  // Renewals due within 7 days of now (17 Mar 12:00 .. 24 Mar 12:00): +2 (one made above on 20 Mar).
  await membership({ createdAt: '2027-02-20T10:00:00Z', nextBillingAt: '2027-03-24T11:59:00Z' });
  // Due just after the window: not counted.
  await membership({ createdAt: '2027-02-21T10:00:00Z', nextBillingAt: '2027-03-24T12:00:00Z' });

  const buyer = await person();
  // Tubs: 5000 in week 1, 2500 in week 2; a refunded one, an unpaid one and one after the period do not count.
  await order(buyer, 'cart', 5000, '2027-03-07T23:59:59Z');
  await order(buyer, 'cart', 2500, '2027-03-08T00:00:00Z', 'shipped');
  await order(buyer, 'cart', 9999, '2027-03-09T00:00:00Z', 'refunded');
  await order(buyer, 'cart', 9999, null, 'awaiting_payment');
  await order(buyer, 'cart', 9999, '2027-03-15T00:00:00Z');
  // A renewal box paid in week 2: boxes +1750. A pre-order is neither boxes nor tubs.
  await order(buyer, 'cycle_box', 1750, '2027-03-14T20:00:00Z', 'delivered');
  await order(buyer, 'pre_order', 4000, '2027-03-04T00:00:00Z');

  // Failed payments: a checkout attempt and a renewal charge in the period, one of each outside it.
  const failedOrder = await order(buyer, 'first_box', 1699, null, 'awaiting_payment');
  for (const [n, at] of [
    [1, '2027-03-04T10:00:00Z'],
    [2, '2027-02-27T10:00:00Z'],
  ] as const) {
    await exec(sql`
      INSERT INTO payment_attempts (id, order_id, identity_id, attempt_number, idempotency_key, provider, amount_cents, status, created_at, updated_at)
      VALUES (${randomUUID()}, ${failedOrder}, ${buyer}, ${n}, ${`order:${failedOrder}:${n}`}, 'sandbox', 1699, 'failed', ${at}, ${at})`);
  }
  const [sub] = (await exec(sql`SELECT id FROM subscriptions LIMIT 1`)).rows as { id: string }[];
  for (const [attempt, at] of [
    [1, '2027-03-11T10:00:00Z'],
    [2, '2027-03-15T10:00:00Z'],
  ] as const) {
    await exec(sql`
      INSERT INTO renewal_charges (id, subscription_id, cycle_index, attempt, idempotency_key, status, amount_cents, claimed_at, finished_at)
      VALUES (${randomUUID()}, ${sub!.id}, 1, ${attempt}, ${`renew:${sub!.id}:1:${attempt}`}, 'failed', 1699, ${at}, ${at})`);
  }
}

function dashboard(query = '') {
  return server.request('GET', `/api/admin/dashboard${query}`, { token: adminToken });
}

describe('GET /api/admin/dashboard', () => {
  it('computes every figure of a period from the database', async () => {
    const res = await dashboard('?from=2027-03-01&to=2027-03-14');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2027-03-01',
      to: '2027-03-14',
      // Feb 10, Mar 2, Mar 9, Mar 10 (past due), the one canceled on Mar 16, Feb 20, Feb 21.
      activeMembers: 7,
      newMembers: 3,
      cancellations: {
        total: 4,
        byReason: [
          { reason: 1, name: 'Found Cheaper Prices', count: 2 },
          { reason: 3, name: 'No Longer Needed', count: 1 },
          { reason: null, name: 'Payment failed (no reason given)', count: 1 },
        ],
      },
      renewalsDueNext7Days: 2,
      failedPayments: 2,
      revenue: {
        boxesCents: 1699 * 3 + 1750,
        tubsCents: 7500,
        byWeek: [
          { weekStart: '2027-03-01', boxesCents: 1699, tubsCents: 5000 },
          { weekStart: '2027-03-08', boxesCents: 1699 * 2 + 1750, tubsCents: 2500 },
        ],
      },
    });
  });

  it('counts new members by day: a one-day period', async () => {
    const res = await dashboard('?from=2027-03-10&to=2027-03-10');
    expect(res.status).toBe(200);
    expect(res.body.newMembers).toBe(1);
    expect(res.body.revenue.byWeek).toEqual([{ weekStart: '2027-03-08', boxesCents: 1699, tubsCents: 0 }]);
  });

  it('defaults to the last 30 days ending today, with a week row for every week (zeros included)', async () => {
    const res = await dashboard();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: '2027-02-16', to: '2027-03-17' });
    expect(res.body.revenue.byWeek.map((w: { weekStart: string }) => w.weekStart)).toEqual([
      '2027-02-15',
      '2027-02-22',
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
    ]);
    expect(res.body.revenue.byWeek[1]).toEqual({ weekStart: '2027-02-22', boxesCents: 0, tubsCents: 0 });
    // Feb 20 and 21 first boxes + the 4 of the fixed period; 4 in Feb 16..28: Feb 20, 21.
    expect(res.body.newMembers).toBe(5);
    expect(res.body.revenue.tubsCents).toBe(5000 + 2500 + 9999);
  });

  it('refuses a bad period with 400 and a message', async () => {
    for (const query of [
      '?from=2027-03-14&to=2027-03-01',
      '?from=2027-02-30',
      '?from=yesterday',
      '?from=2025-01-01&to=2027-01-01',
      '?other=1',
    ]) {
      const res = await dashboard(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error_description, query).toBeTruthy();
    }
  });
});

describe('GET /api/admin/jobs', () => {
  it("S2: shows every scheduled job with its last run, a failed run's error, and its next run; only to the operator", async () => {
    const scheduler = server.app.scheduler;
    const release = scheduler.jobs.find((j) => j.name === 'stock-hold-release')!;
    const sweep = scheduler.jobs.find((j) => j.name === 'membership-sweep')!;
    await scheduler.runNow(release);
    // A sweep that fails is recorded by the scheduler's own path, as a failing tick would be.
    await expect(
      scheduler.runNow({
        ...sweep,
        run: async () => {
          throw new Error('the database did not answer');
        },
      }),
    ).rejects.toThrow();

    const res = await server.request('GET', '/api/admin/jobs', { token: adminToken });
    expect(res.status).toBe(200);
    const jobs = res.body.jobs as Array<Record<string, unknown>>;
    expect(jobs.map((j) => j.name)).toEqual(scheduler.jobs.map((j) => j.name));
    const byName = new Map(jobs.map((j) => [j.name, j]));
    expect(byName.get('stock-hold-release')).toMatchObject({
      everySeconds: release.everyMs / 1000,
      lastStartedAt: new Date(NOW).toISOString(),
      running: false,
      failed: false,
      lastError: null,
      runs: 1,
      failures: 0,
      nextRunAt: new Date(NOW + release.everyMs).toISOString(),
    });
    expect(byName.get('membership-sweep')).toMatchObject({
      failed: true,
      lastError: 'the database did not answer',
      failures: 1,
    });
    expect(byName.get('payment-reconciliation')).toMatchObject({
      lastStartedAt: null,
      runs: 0,
      nextRunAt: null,
    });

    expect((await server.request('GET', '/api/admin/jobs')).status).toBe(401);
    const docs = await server.request('GET', '/api/docs');
    expect(docs.body.paths['/api/admin/jobs'].get.operationId).toBe('adminListJobs');
  });
});
