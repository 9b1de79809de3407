import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { identityIdOf, operatorToken, paidMember } from './members.test-support.ts';

let now = new Date('2026-11-22T12:00:00Z').getTime();
const clock = () => new Date(now);
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  token = await operatorToken(server);
});
afterAll(async () => {
  await server?.close();
});

const create = (body: Record<string, unknown>) =>
  server.request('POST', '/api/admin/coupons', { token, body });
const code = () => `T${randomUUID().slice(0, 8).toUpperCase()}`;

describe('/api/admin/coupons', () => {
  it('creates percent and fixed coupons; the code is upper-cased; the change is audited', async () => {
    const percentCode = code();
    const percent = await create({ code: percentCode.toLowerCase(), kind: 'percent', percentOff: 15 });
    expect(percent.status).toBe(201);
    expect(percent.body).toMatchObject({
      code: percentCode,
      kind: 'percent',
      percentOff: 15,
      amountOffCents: null,
      usageCount: 0,
      isActive: true,
      state: 'active',
    });
    const fixed = await create({
      code: code(),
      kind: 'fixed',
      amountOffCents: 500,
      maxRedemptions: 10,
      startsAt: '2026-12-01T00:00:00Z',
      expiresAt: '2026-12-31T00:00:00Z',
    });
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({ amountOffCents: 500, maxRedemptions: 10, state: 'scheduled' });
    const audit = await server.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_type = 'coupon' AND entity_id = ${percent.body.id}`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['coupon.create']);
  });

  it('answers 400 to bad coupons and 409 to a taken code, writing nothing', async () => {
    const taken = code();
    expect((await create({ code: taken, kind: 'percent', percentOff: 10 })).status).toBe(201);
    for (const body of [
      { code: '', kind: 'percent', percentOff: 10 },
      { code: 'X'.repeat(33), kind: 'percent', percentOff: 10 },
      { code: 'HAS SPACE', kind: 'percent', percentOff: 10 },
      { code: code(), kind: 'percent', percentOff: 0 },
      { code: code(), kind: 'percent', percentOff: 101 },
      { code: code(), kind: 'percent' },
      { code: code(), kind: 'fixed', amountOffCents: 0 },
      { code: code(), kind: 'fixed', amountOffCents: 4.5 },
      { code: code(), kind: 'fixed', amountOffCents: 100, percentOff: 10 },
      { code: code(), kind: 'free_tub' },
      { code: code(), kind: 'percent', percentOff: 10, maxRedemptions: 0 },
      { code: code(), kind: 'percent', percentOff: 10, startsAt: '2026-12-02', expiresAt: '2026-12-01' },
      { code: code(), kind: 'percent', percentOff: 10, expiresAt: 'someday' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_description).toBeTruthy();
    }
    const again = await create({ code: taken.toLowerCase(), kind: 'fixed', amountOffCents: 100 });
    expect(again.status).toBe(409);
    const count = await server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coupons WHERE code = ${taken}`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it('lists with usage = redemptions, paged and sorted on the server', async () => {
    const prefix = `U${randomUUID().slice(0, 4).toUpperCase()}`;
    const ids: string[] = [];
    for (const suffix of ['A', 'B', 'C']) {
      ids.push((await create({ code: `${prefix}${suffix}`, kind: 'percent', percentOff: 5 })).body.id);
    }
    const member = await paidMember(server);
    const identityId = await identityIdOf(server, member.email);
    await server.database.db.execute(sql`
      INSERT INTO coupon_redemptions (id, coupon_id, identity_id, order_id, discount_cents)
      VALUES (${randomUUID()}, ${ids[1]!}, ${identityId}, ${member.orderId}, 100)`);
    const byUsage = await server.request(
      'GET',
      `/api/admin/coupons?q=${prefix}&sort=usage&order=desc&pageSize=2`,
      {
        token,
      },
    );
    expect(byUsage.status).toBe(200);
    expect(byUsage.body.total).toBe(3);
    expect(byUsage.body.items).toHaveLength(2);
    expect(byUsage.body.items[0]).toMatchObject({ code: `${prefix}B`, usageCount: 1 });
    const byCode = await server.request(
      'GET',
      `/api/admin/coupons?q=${prefix.toLowerCase()}&sort=code&order=asc&page=2&pageSize=2`,
      {
        token,
      },
    );
    expect(byCode.body.items.map((c: { code: string }) => c.code)).toEqual([`${prefix}C`]);
    expect((await server.request('GET', '/api/admin/coupons?sort=secret', { token })).status).toBe(400);
  });

  it('expires now and deactivates; a second ask changes and records nothing', async () => {
    const coupon = (await create({ code: code(), kind: 'percent', percentOff: 20 })).body;
    const expired = await server.request('POST', `/api/admin/coupons/${coupon.id}/expire`, { token });
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ state: 'expired', expiresAt: new Date(now).toISOString() });
    now += 60_000;
    const again = await server.request('POST', `/api/admin/coupons/${coupon.id}/expire`, { token });
    expect(again.body.expiresAt).toBe(expired.body.expiresAt);

    const off = await server.request('POST', `/api/admin/coupons/${coupon.id}/deactivate`, { token });
    expect(off.body).toMatchObject({ isActive: false, state: 'inactive' });
    await server.request('POST', `/api/admin/coupons/${coupon.id}/deactivate`, { token });
    const audit = await server.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_id = ${coupon.id} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['coupon.create', 'coupon.expire', 'coupon.deactivate']);
    const log = await server.request('GET', `/api/admin/audit?entityType=coupon&entityId=${coupon.id}`, {
      token,
    });
    expect(log.status).toBe(200);
    expect(log.body.items.map((e: { action: string }) => e.action)).toEqual([
      'coupon.deactivate',
      'coupon.expire',
      'coupon.create',
    ]);
    expect(log.body.items[0].before).toMatchObject({ isActive: true });
    expect(log.body.items[0].after).toMatchObject({ isActive: false, state: 'inactive' });
    const inactive = await server.request('GET', `/api/admin/coupons?status=inactive&q=${coupon.code}`, {
      token,
    });
    expect(inactive.body.items.map((c: { id: string }) => c.id)).toEqual([coupon.id]);
    expect(
      (await server.request('POST', `/api/admin/coupons/${randomUUID()}/expire`, { token })).status,
    ).toBe(404);
  });
});
