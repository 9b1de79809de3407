import { SubscriptionSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import {
  type Member,
  mailCount,
  newMember,
  payOrder,
  relaxedLimiter,
} from '../checkout/checkout.test-support.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2027-01-30T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

async function paidMember(schedule = 0): Promise<Member> {
  const m = await newMember(server, 'actions');
  await payOrder(server, m, m.orderId, schedule);
  return m;
}

const post = (m: Pick<Member, 'token'> | undefined, path: string, body?: unknown) =>
  server.request('POST', `/api${path}`, { token: m?.token, body });

async function subscriptionRow(m: Member) {
  const result = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM subscriptions WHERE first_order_id = ${m.orderId}`,
  );
  return result.rows[0]!;
}

async function events(m: Member) {
  const sub = await subscriptionRow(m);
  const result = await server.database.db.execute<{ kind: string; actor: string }>(
    sql`SELECT kind, actor FROM subscription_events WHERE subscription_id = ${sub.id as string} ORDER BY created_at, kind`,
  );
  return result.rows.map((r) => r.kind);
}

const ACTIONS = [
  '/user/UpdateDeliverySchedule?deliveryDuration=45',
  '/user/CancelSubscription?cancelReason=0',
  '/user/SkipNextBox',
  '/user/PauseSubscription?cycles=2',
  '/user/ResumeSubscription',
  '/user/RestartSubscription',
];

describe('who may call the membership actions', () => {
  it('D7 D8 answers 401 without a session and 409 to a person with no membership', async () => {
    const visitor = await newMember(server, 'nosub');
    for (const path of [...ACTIONS, '/membership/ReportIssue']) {
      const body = path.includes('Report') ? { text: 'The box arrived crushed.' } : undefined;
      expect((await post(undefined, path, body)).status, path).toBe(401);
      const res = await post(visitor, path, body);
      expect(res.status, path).toBe(409);
      expect(res.body.code).toBe('conflict');
      expect(res.body.error_description).toBe('You do not have a membership.');
    }
  });

  it("changes only the caller's own membership", async () => {
    const [a, b] = await Promise.all([paidMember(), paidMember()]);
    expect((await post(a, '/user/CancelSubscription?cancelReason=2')).status).toBe(200);
    expect((await subscriptionRow(a)).status).toBe('canceled');
    expect((await subscriptionRow(b)).status).toBe('active');
  });
});

describe('POST /user/UpdateDeliverySchedule', () => {
  it('D7 refuses anything but 30, 45 or 60 days', async () => {
    const m = await paidMember();
    for (const value of ['31', '0', 'abc', '', '45.5', '-30']) {
      const res = await post(m, `/user/UpdateDeliverySchedule?deliveryDuration=${value}`);
      expect(res.status, value).toBe(400);
    }
    expect((await post(m, '/user/UpdateDeliverySchedule')).status).toBe(400);
  });

  it('D7 moves the next billing date to the last billing date plus the new interval (30 -> 60 -> 45, twice each), charges nothing, once', async () => {
    const m = await paidMember(0);
    const res = await post(m, '/user/UpdateDeliverySchedule?deliveryDuration=60');
    expect(res.status).toBe(200);
    const subscription = SubscriptionSchema.parse(res.body);
    expect(subscription.deliveryScheduleDuration).toBe(60);
    expect(subscription.deliveryScheduleDurationName).toBe('Every 60 days');
    expect(subscription.isoutcNextBillingDate).toBe(new Date(now + 60 * DAY).toISOString());
    const again = await post(m, '/user/updatedeliveryschedule?DeliveryDuration=60');
    expect(again.status).toBe(200);
    expect(again.body.isoutcNextBillingDate).toBe(subscription.isoutcNextBillingDate);
    expect(await events(m)).toEqual(['schedule_changed']);
    // 60 -> 45, twice: the date follows the new interval from the same last billing date; the repeat changes nothing.
    for (let i = 0; i < 2; i++) {
      const shorter = await post(m, '/user/UpdateDeliverySchedule?deliveryDuration=45');
      expect(shorter.status).toBe(200);
      expect(shorter.body.deliveryScheduleDuration).toBe(45);
      expect(shorter.body.isoutcNextBillingDate).toBe(new Date(now + 45 * DAY).toISOString());
      expect(Date.parse(shorter.body.isoutcNextBillingDate)).toBeGreaterThan(now);
    }
    expect(await events(m)).toEqual(['schedule_changed', 'schedule_changed']);
    const audit = await server.database.db.execute<{ actor: string }>(
      sql`SELECT actor FROM subscription_events WHERE subscription_id = ${(await subscriptionRow(m)).id as string}`,
    );
    expect(audit.rows.map((r) => r.actor)).toEqual(['member', 'member']);
    const charges = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM renewal_charges WHERE subscription_id = ${(await subscriptionRow(m)).id as string}`,
    );
    expect(Number(charges.rows[0]!.n)).toBe(0);
  });
});

describe('POST /user/CancelSubscription', () => {
  it('D8 refuses a reason outside 0..3', async () => {
    const m = await paidMember();
    for (const value of ['4', '-1', 'x', '1.5']) {
      expect((await post(m, `/user/CancelSubscription?cancelReason=${value}`)).status, value).toBe(400);
    }
    expect((await post(m, '/user/CancelSubscription')).status).toBe(400);
    expect((await subscriptionRow(m)).status).toBe('active');
  });

  it('D8 cancels with the reason; a second cancel answers 200 and changes nothing', async () => {
    const m = await paidMember();
    const res = await post(m, '/user/CancelSubscription?cancelReason=3');
    expect(res.status).toBe(200);
    expect(res.body.statusName).toBe('Canceled');
    expect(res.body.isoutcNextBillingDate).toBeNull();
    const again = await post(m, '/user/CancelSubscription?cancelReason=1');
    expect(again.status).toBe(200);
    const row = await subscriptionRow(m);
    expect(row.cancel_reason).toBe(3);
    expect(await events(m)).toEqual(['canceled']);
    // The paid first box still ships: its order stays paid.
    const order = await server.database.db.execute<{ status: string }>(
      sql`SELECT status FROM orders WHERE id = ${m.orderId}`,
    );
    expect(order.rows[0]!.status).toBe('paid');
  });
});

describe('POST /user/CancelSubscription: the confirmation mail', () => {
  async function cancelMails(m: Member) {
    const result = await server.database.db.execute<{ subject: string; text: string }>(
      sql`SELECT subject, text FROM emails WHERE to_address = ${m.email} AND kind = 'membership-canceled-by-member'`,
    );
    return result.rows;
  }

  it('D8 confirms once, after the server canceled: what stopped, that the paid box still ships, how to restart', async () => {
    const m = await paidMember();
    expect(await cancelMails(m)).toEqual([]);
    expect((await post(m, '/user/CancelSubscription?cancelReason=0')).status).toBe(200);
    expect((await post(m, '/user/CancelSubscription?cancelReason=0')).status).toBe(200);
    const mails = await cancelMails(m);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your membership is canceled');
    expect(mails[0]!.text).toContain('There will be no more renewals and no more charges.');
    expect(mails[0]!.text).toContain('The box you have already paid for still ships');
    expect(mails[0]!.text).toContain('Changed your mind? Restart any time.');
    expect(mails[0]!.text).toMatch(/Restart my membership \S+\/membership/);
  });

  it('D8 sends nothing when the cancel is refused (no membership: 409)', async () => {
    const m = await newMember(server, 'not-paid');
    const res = await post(m, '/user/CancelSubscription?cancelReason=1');
    expect(res.status).toBe(409);
    expect(res.body.error_description).toBeTruthy();
    expect(await cancelMails(m)).toEqual([]);
  });
});

describe('skip, pause, resume', () => {
  it('skip and pause are recorded, repeated requests change nothing, resume clears them', async () => {
    const m = await paidMember();
    const skipped = await post(m, '/user/SkipNextBox');
    expect(skipped.status).toBe(200);
    // The skipped renewal date is passed over: the next charge is a whole interval later.
    expect(skipped.body.isoutcNextBillingDate).toBe(new Date(now + 60 * DAY).toISOString());
    // The answer says the next box is skipped, so the pages show it instead of offering Skip again.
    expect(skipped.body).toMatchObject({ statusName: 'Active', skippedBoxes: 1 });
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: m.token });
    expect(info.body.subscription).toMatchObject({ skippedBoxes: 1 });
    expect((await post(m, '/user/SkipNextBox')).status).toBe(200);
    expect((await subscriptionRow(m)).skip_cycles).toBe(1);
    for (const value of ['0', '4', 'x']) {
      expect((await post(m, `/user/PauseSubscription?cycles=${value}`)).status, value).toBe(400);
    }
    // A break lasts at most 3 boxes, the skipped one included.
    const tooLong = await post(m, '/user/PauseSubscription?cycles=3');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error_description).toBe(
      'Your next box is already skipped, so you can pause for up to 2 more boxes.',
    );
    const paused = await post(m, '/user/PauseSubscription?cycles=2');
    expect(paused.status).toBe(200);
    // The pause comes after the skipped box: 1 skipped + 2 paused renewal dates are passed over,
    // so pausing after a skip moves the date billing resumes.
    expect(paused.body).toMatchObject({ statusName: 'Paused', skippedBoxes: 3 });
    expect(paused.body.isoutcNextBillingDate).toBe(new Date(now + 4 * 30 * DAY).toISOString());
    // Repeated, or with another length, while paused: the pause already chosen stands.
    for (const cycles of [2, 1]) {
      const again = await post(m, `/user/PauseSubscription?cycles=${cycles}`);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ skippedBoxes: 3 });
    }
    const resumed = await post(m, '/user/ResumeSubscription');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ statusName: 'Active', skippedBoxes: 0 });
    expect((await subscriptionRow(m)).skip_cycles).toBe(0);
    expect((await events(m)).sort()).toEqual(['paused', 'resumed', 'skip_next']);
  });

  it('a pause without a skip resumes after its own boxes; the answer carries the date billing resumes', async () => {
    const m = await paidMember(1);
    const paused = await post(m, '/user/PauseSubscription?cycles=2');
    expect(paused.body).toMatchObject({ statusName: 'Paused', skippedBoxes: 2 });
    expect(paused.body.isoutcNextBillingDate).toBe(new Date(now + 3 * 45 * DAY).toISOString());
  });

  it('a canceled membership cannot be skipped or paused', async () => {
    const m = await paidMember();
    await post(m, '/user/CancelSubscription?cancelReason=0');
    for (const path of [
      '/user/SkipNextBox',
      '/user/PauseSubscription?cycles=1',
      '/user/ResumeSubscription',
    ]) {
      const res = await post(m, path);
      expect(res.status, path).toBe(409);
      expect(res.body.error_description).toMatch(/not active/);
    }
  });
});

describe('POST /user/RestartSubscription', () => {
  it('refuses an active membership; a canceled one restarts, charged once to the saved card', async () => {
    const m = await paidMember();
    expect((await post(m, '/user/RestartSubscription')).status).toBe(409);
    await post(m, '/user/CancelSubscription?cancelReason=1');
    const res = await post(m, '/user/RestartSubscription');
    expect(res.status).toBe(200);
    expect(res.body.statusName).toBe('Active');
    expect(res.body.cycleStatus).toBe(1);
    expect(res.body.currentOrderId).not.toBe(m.orderId);
    const sub = await subscriptionRow(m);
    const charges = await server.database.db.execute<{ status: string; cycle_index: number }>(
      sql`SELECT status, cycle_index FROM renewal_charges WHERE subscription_id = ${sub.id as string}`,
    );
    expect(charges.rows).toEqual([{ status: 'succeeded', cycle_index: 1 }]);
    expect(await mailCount(server, m.email, 'renewal-receipt', 0)).toBe(1);
    expect((await post(m, '/user/RestartSubscription')).status).toBe(409);
  });
});

describe('POST /membership/ReportIssue', () => {
  it('refuses a text under 10 or over 1000 characters', async () => {
    const m = await paidMember();
    for (const text of ['short', ' '.repeat(20), 'x'.repeat(1001)]) {
      expect((await post(m, '/membership/ReportIssue', { text })).status).toBe(400);
    }
    expect((await post(m, '/membership/ReportIssue', {})).status).toBe(400);
  });

  it('stores the report and mails it to the store', async () => {
    const m = await paidMember();
    const res = await post(m, '/membership/ReportIssue', { Text: 'One sample packet was torn open.' });
    expect(res.status).toBe(200);
    const stored = await server.database.db.execute<{ text: string; order_id: string }>(
      sql`SELECT text, order_id FROM issue_reports WHERE id = ${res.body.id}`,
    );
    expect(stored.rows[0]).toEqual({ text: 'One sample packet was torn open.', order_id: m.orderId });
    expect(await mailCount(server, server.config.storeEmail, 'issue-report', 0)).toBeGreaterThanOrEqual(1);
  });
});
