import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { identityIdOf, operatorToken, paidMember } from './members.test-support.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  token = await operatorToken(server);
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => server.request('GET', path, { token });
const post = (path: string, body?: unknown) => server.request('POST', path, { token, body });

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await server.database.db.execute<{ action: string }>(
    sql`SELECT action FROM audit_log WHERE entity_id = ${entityId} ORDER BY id`,
  );
  return rows.rows.map((r) => r.action);
}

describe('GET /api/admin/members', () => {
  it('searches email and name case-insensitively, pages and sorts on the server', async () => {
    const tag = randomUUID().slice(0, 6);
    const emails: string[] = [];
    for (const [i, last] of ['Zimmer', 'Abbot', 'Moreau'].entries()) {
      const member = await paidMember(server, 'pm_card_visa', `find${tag}${i}`);
      emails.push(member.email);
      await server.database.db.execute(
        sql`UPDATE identities SET first_name = 'Quinn', last_name = ${`${last}${tag}`} WHERE email = ${member.email}`,
      );
    }
    const byEmail = await get(`/api/admin/members?q=${`FIND${tag}1`.toUpperCase()}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.items.map((m: { email: string }) => m.email)).toEqual([emails[1]]);
    expect(byEmail.body.items[0]).toMatchObject({ subscriptionStatus: 'active', scheduleDays: 30 });

    const byName = await get(`/api/admin/members?q=${`abbot${tag}`}`);
    expect(byName.body.total).toBe(1);
    const fullName = await get(`/api/admin/members?q=${encodeURIComponent(`quinn moreau${tag}`)}`);
    expect(fullName.body.items.map((m: { email: string }) => m.email)).toEqual([emails[2]]);

    const sorted = await get(`/api/admin/members?q=${tag}&sort=name&order=asc&pageSize=2`);
    expect(sorted.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(sorted.body.items.map((m: { lastName: string }) => m.lastName)).toEqual([
      `Abbot${tag}`,
      `Moreau${tag}`,
    ]);
    const page2 = await get(`/api/admin/members?q=${tag}&sort=name&order=asc&pageSize=2&page=2`);
    expect(page2.body.items.map((m: { lastName: string }) => m.lastName)).toEqual([`Zimmer${tag}`]);

    // A % typed in the search is a literal, not a wildcard.
    expect((await get('/api/admin/members?q=%25')).body.total).toBe(0);
  });

  it('answers 400 to an unknown sort or page size over the limit', async () => {
    for (const query of ['sort=password', 'pageSize=1000', 'page=0', 'order=sideways']) {
      const res = await get(`/api/admin/members?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBeTruthy();
    }
  });
});

describe('GET /api/admin/members/{id}', () => {
  it("shows the member's subscription, cycles, orders, payments and referrals", async () => {
    const referrer = await paidMember(server, 'pm_card_visa', 'referrer');
    const member = await paidMember(server);
    const referrerId = await identityIdOf(server, referrer.email);
    const id = await identityIdOf(server, member.email);
    const code = await server.database.db.execute<{ referral_code: string }>(
      sql`SELECT referral_code FROM identities WHERE id = ${referrerId}`,
    );
    await server.database.db.execute(
      sql`UPDATE identities SET referred_by_code = ${code.rows[0]!.referral_code} WHERE id = ${id}`,
    );
    const res = await get(`/api/admin/members/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.identity).toMatchObject({ id, email: member.email, emailVerified: false });
    expect(res.body.subscription).toMatchObject({
      status: 'active',
      scheduleDays: 30,
      planName: 'Discover Plan',
    });
    expect(res.body.cycles[0]).toMatchObject({ cycleIndex: 0, status: 'billed', orderId: member.orderId });
    expect(res.body.orders[0]).toMatchObject({ id: member.orderId, kind: 'first_box', status: 'paid' });
    expect(res.body.orders[0].refundableCents).toBe(res.body.orders[0].totalCents);
    expect(res.body.payments[0]).toMatchObject({
      source: 'checkout',
      status: 'succeeded',
      orderId: member.orderId,
    });
    expect(res.body.referrals.referredBy).toEqual({ id: referrerId, email: referrer.email });
    const back = await get(`/api/admin/members/${referrerId}`);
    expect(back.body.referrals.referred).toEqual([expect.objectContaining({ id, email: member.email })]);
  });

  it('answers 404 to an unknown member and 400 to a malformed id', async () => {
    expect((await get(`/api/admin/members/${randomUUID()}`)).status).toBe(404);
    expect((await get('/api/admin/members/not-an-id')).status).toBe(400);
  });
});

describe("membership actions reuse the member's rules and are audited", () => {
  it('changes the schedule, skips the next box and cancels with a reason', async () => {
    const member = await paidMember(server);
    const id = await identityIdOf(server, member.email);
    const schedule = await post(`/api/admin/members/${id}/schedule`, { days: 60 });
    expect(schedule.status).toBe(200);
    expect(schedule.body.subscription.scheduleDays).toBe(60);
    const subscriptionId = schedule.body.subscription.id as string;

    const skip = await post(`/api/admin/members/${id}/skip-next`);
    expect(skip.status).toBe(200);
    expect(skip.body.subscription.skipCycles).toBe(1);

    const cancel = await post(`/api/admin/members/${id}/cancel`, { reason: 2 });
    expect(cancel.status).toBe(200);
    expect(cancel.body.subscription).toMatchObject({ status: 'canceled', cancelReason: 'Bad Experience' });

    expect(await auditActions(subscriptionId)).toEqual([
      'subscription.schedule',
      'subscription.skip_next',
      'subscription.cancel',
    ]);
    const audit = await server.database.db.execute<{ before: { scheduleDays: number }; after: object }>(
      sql`SELECT before, after FROM audit_log WHERE entity_id = ${subscriptionId} ORDER BY id LIMIT 1`,
    );
    expect(audit.rows[0]!.before.scheduleDays).toBe(30);
    expect(audit.rows[0]!.after).toMatchObject({ scheduleDays: 60, days: 60, memberId: id });

    const events = await server.database.db.execute<{
      kind: string;
      actor: string;
      detail: { operator?: string };
    }>(
      sql`SELECT kind, actor, detail FROM subscription_events WHERE subscription_id = ${subscriptionId}
          AND kind IN ('schedule_changed', 'skip_next', 'canceled') ORDER BY created_at`,
    );
    expect(events.rows.map((e) => [e.kind, e.actor, e.detail.operator])).toEqual([
      ['schedule_changed', 'operator', 'admin@example.com'],
      ['skip_next', 'operator', 'admin@example.com'],
      ['canceled', 'operator', 'admin@example.com'],
    ]);

    // The member's own rule: a canceled membership cannot skip (409), and nothing is audited.
    const refused = await post(`/api/admin/members/${id}/skip-next`);
    expect(refused.status).toBe(409);
    expect(await auditActions(subscriptionId)).toHaveLength(3);
  });

  it('answers 400 to a bad schedule or reason and 404 to an unknown member, changing nothing', async () => {
    const member = await paidMember(server);
    const id = await identityIdOf(server, member.email);
    for (const [path, body] of [
      ['schedule', { days: 31 }],
      ['schedule', { days: '30' }],
      ['cancel', { reason: 9 }],
      ['cancel', {}],
    ] as const) {
      const res = await post(`/api/admin/members/${id}/${path}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBeTruthy();
    }
    expect((await post(`/api/admin/members/${randomUUID()}/skip-next`)).status).toBe(404);
    const detail = await get(`/api/admin/members/${id}`);
    expect(detail.body.subscription).toMatchObject({ status: 'active', scheduleDays: 30, skipCycles: 0 });
    expect(await auditActions(detail.body.subscription.id)).toEqual([]);
  });

  it('a member without a membership gets 409 from an action', async () => {
    const { newMember } = await import('../checkout/checkout.test-support.ts');
    const unpaid = await newMember(server, 'nomember');
    const id = await identityIdOf(server, unpaid.email);
    const res = await post(`/api/admin/members/${id}/skip-next`);
    expect(res.status).toBe(409);
    const detail = await get(`/api/admin/members/${id}`);
    expect(detail.body.subscription).toBeNull();
  });
});

describe('B6: the new back-office routes', () => {
  it('are in the OpenAPI route table that admin.access.test.ts enumerates for 401/403', async () => {
    const doc = server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/admin/members', 'get'],
      ['/api/admin/members/{id}', 'get'],
      ['/api/admin/members/{id}/schedule', 'post'],
      ['/api/admin/members/{id}/skip-next', 'post'],
      ['/api/admin/members/{id}/cancel', 'post'],
      ['/api/admin/orders/{id}/refunds', 'post'],
      ['/api/admin/coupons', 'post'],
      ['/api/admin/coupons/{id}/expire', 'post'],
      ['/api/admin/coupons/{id}/deactivate', 'post'],
      ['/api/admin/reviews/{id}/hidden', 'post'],
      ['/api/admin/issue-reports/{id}/handled', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const customer = await paidMember(server, 'pm_card_visa', 'nosy');
    const res = await server.request('GET', '/api/admin/members', { token: customer.token });
    expect(res.status).toBe(403);
  });
});
