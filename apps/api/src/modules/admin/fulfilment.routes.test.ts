import { randomUUID } from 'node:crypto';
import { BUILD_YOUR_BOX_STAGE } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

let now = Date.parse('2027-03-01T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  await seedAdmin(server.database.db);
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(login.status).toBe(200);
  adminToken = login.body.token;
});
afterAll(async () => {
  await server?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await server.database.db.execute(query)).rows as T[];
}

async function paidMember(): Promise<Member> {
  const member = await newMember(server, 'ship');
  await payOrder(server, member, member.orderId);
  return member;
}

async function stageOf(member: Member): Promise<number> {
  const info = await server.request('GET', '/api/Account/AuthInfo', { token: member.token });
  expect(info.status).toBe(200);
  return info.body.subscription.cycleStatus;
}

function admin(method: string, path: string, body?: unknown) {
  return server.request(method, `/api/admin/fulfilment${path}`, { token: adminToken, body });
}

async function boxIds(stage: string): Promise<string[]> {
  const res = await admin('GET', `/boxes?stage=${stage}&pageSize=100`);
  expect(res.status).toBe(200);
  return res.body.items.map((b: { orderId: string }) => b.orderId);
}

async function mails(to: string, kind: string) {
  return rows<{ text: string }>(
    sql`SELECT text FROM emails WHERE to_address = ${to.toLowerCase()} AND kind = ${kind} ORDER BY created_at`,
  );
}

async function auditOf(orderId: string) {
  return rows<{ action: string; actor_email: string; after: { trackingNumber?: string } }>(
    sql`SELECT action, actor_email, after FROM audit_log WHERE entity_type = 'order' AND entity_id = ${orderId} ORDER BY id`,
  );
}

describe('fulfilment: a box from Build Your Box to delivered', () => {
  let member: Member;

  beforeAll(async () => {
    member = await paidMember();
  });

  it('lists the paid box in Build Your Box with the member, box month and items', async () => {
    const res = await admin('GET', '/boxes?stage=build&pageSize=100');
    expect(res.status).toBe(200);
    const box = res.body.items.find((b: { orderId: string }) => b.orderId === member.orderId);
    expect(box).toMatchObject({ email: member.email, stage: 'build', boxMonth: 'March 2027', cycleIndex: 0 });
    expect(box.items.filter((i: { isPrimePick: boolean }) => i.isPrimePick)).toHaveLength(2);
    expect(await boxIds('assembly')).not.toContain(member.orderId);
    expect(await stageOf(member)).toBe(BUILD_YOUR_BOX_STAGE);
  });

  it('marks it assembled: the build window closes, the 2 open samples are chosen, the stage moves, audited', async () => {
    const res = await admin('POST', '/boxes/assemble', { orderIds: [member.orderId] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ orderId: member.orderId, outcome: 'changed' }]);
    expect(await boxIds('build')).not.toContain(member.orderId);
    expect(await boxIds('assembly')).toContain(member.orderId);
    expect(await stageOf(member)).toBe(BUILD_YOUR_BOX_STAGE + 1);
    const items = await rows<{ is_prime_pick: boolean }>(
      sql`SELECT is_prime_pick FROM order_items WHERE order_id = ${member.orderId}`,
    );
    expect(items).toHaveLength(4);
    expect(items.filter((i) => !i.is_prime_pick)).toHaveLength(2);
    expect((await auditOf(member.orderId)).map((a) => a.action)).toEqual(['box.assemble']);
    // Again: nothing changes, nothing is recorded twice.
    const again = await admin('POST', '/boxes/assemble', { orderIds: [member.orderId] });
    expect(again.body.results[0].outcome).toBe('unchanged');
    expect(await auditOf(member.orderId)).toHaveLength(1);
  });

  it('refuses bad batches with 400 and changes nothing (F2)', async () => {
    const bad = [
      { shipments: [{ orderId: member.orderId, trackingNumber: 'abc' }] },
      { shipments: [{ orderId: member.orderId, trackingNumber: '' }] },
      { shipments: [{ orderId: member.orderId }] },
      { shipments: [{ orderId: 'not-a-uuid', trackingNumber: '1Z999AA10123456784' }] },
      { shipments: [] },
      {
        shipments: [
          { orderId: member.orderId, trackingNumber: '1Z999AA10123456784' },
          { orderId: member.orderId, trackingNumber: '1Z999AA10123456785' },
        ],
      },
      { shipments: [{ orderId: member.orderId, trackingNumber: '1Z999AA10123456784<script>' }] },
      {},
    ];
    for (const body of bad) {
      const res = await admin('POST', '/boxes/ship', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_description).toBeTruthy();
    }
    expect((await admin('POST', '/boxes/assemble', { orderIds: [] })).status).toBe(400);
    expect((await admin('GET', '/boxes?stage=packed')).status).toBe(400);
    expect((await admin('GET', '/boxes?sort=price')).status).toBe(400);
    expect((await admin('GET', '/boxes?pageSize=1000')).status).toBe(400);
    expect(await stageOf(member)).toBe(BUILD_YOUR_BOX_STAGE + 1);
  });

  it('answers 404 for a batch naming an order that is not a box, and ships none of it', async () => {
    const res = await admin('POST', '/boxes/ship', {
      shipments: [
        { orderId: member.orderId, trackingNumber: '1Z999AA10123456784' },
        { orderId: randomUUID(), trackingNumber: '1Z999AA10123456785' },
      ],
    });
    expect(res.status).toBe(404);
    expect(await boxIds('shipping')).not.toContain(member.orderId);
    expect(await mails(member.email, 'box-shipped')).toHaveLength(0);
  });

  it('refuses to deliver a box that has not shipped (409)', async () => {
    const res = await admin('POST', '/boxes/deliver', { orderIds: [member.orderId] });
    expect(res.status).toBe(409);
    expect(await stageOf(member)).toBe(BUILD_YOUR_BOX_STAGE + 1);
  });

  it('ships it with a tracking number: Shipping stage, the mail carries the number, audited; twice mails once', async () => {
    now += 60_000;
    const res = await admin('POST', '/boxes/ship', {
      shipments: [{ orderId: member.orderId, trackingNumber: '1z 999 aa1 0123456784' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ orderId: member.orderId, outcome: 'changed' }]);
    expect(await stageOf(member)).toBe(BUILD_YOUR_BOX_STAGE + 2);
    const sent = await mails(member.email, 'box-shipped');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Tracking number: 1Z999AA10123456784');
    const [order] = await rows<{ status: string; tracking_number: string }>(
      sql`SELECT status, tracking_number FROM orders WHERE id = ${member.orderId}`,
    );
    expect(order).toEqual({ status: 'shipped', tracking_number: '1Z999AA10123456784' });
    const shippedAudit = (await auditOf(member.orderId)).find((a) => a.action === 'box.ship');
    expect(shippedAudit).toMatchObject({
      actor_email: DEMO_ADMIN.email,
      after: { trackingNumber: '1Z999AA10123456784' },
    });

    const again = await admin('POST', '/boxes/ship', {
      shipments: [{ orderId: member.orderId, trackingNumber: '9400111899223197428490' }],
    });
    expect(again.status).toBe(200);
    expect(again.body.results[0].outcome).toBe('unchanged');
    expect(await mails(member.email, 'box-shipped')).toHaveLength(1);
    expect((await auditOf(member.orderId)).filter((a) => a.action === 'box.ship')).toHaveLength(1);
    const listed = await admin('GET', '/boxes?stage=shipping&pageSize=100');
    const box = listed.body.items.find((b: { orderId: string }) => b.orderId === member.orderId);
    expect(box.trackingNumber).toBe('1Z999AA10123456784');
  });

  it('prints a packing list with the items and the address; an unknown id is 404', async () => {
    const res = await admin('GET', `/boxes/${member.orderId}/packing-list`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'box',
      email: member.email,
      memberName: 'Ada Lovelace',
      shipTo: { city: 'Austin', state: 'TX', postalCode: '78701' },
      trackingNumber: '1Z999AA10123456784',
    });
    expect(res.body.items).toHaveLength(4);
    expect((await admin('GET', `/boxes/${randomUUID()}/packing-list`)).status).toBe(404);
    expect((await admin('GET', '/boxes/nope/packing-list')).status).toBe(400);
  });

  it('marks it delivered: Taste & Review; twice changes nothing', async () => {
    now += 60_000;
    const res = await admin('POST', '/boxes/deliver', { orderIds: [member.orderId] });
    expect(res.status).toBe(200);
    expect(res.body.results[0].outcome).toBe('changed');
    expect(await stageOf(member)).toBe(BUILD_YOUR_BOX_STAGE + 3);
    expect(await boxIds('delivered')).toContain(member.orderId);
    const again = await admin('POST', '/boxes/deliver', { orderIds: [member.orderId] });
    expect(again.body.results[0].outcome).toBe('unchanged');
    expect((await auditOf(member.orderId)).map((a) => a.action)).toEqual([
      'box.assemble',
      'box.ship',
      'box.deliver',
    ]);
  });
});

describe('fulfilment: batches, paging and sorting', () => {
  it('ships a batch of boxes straight from Build Your Box, each with its own number and mail', async () => {
    const a = await paidMember();
    const b = await paidMember();
    const res = await admin('POST', '/boxes/ship', {
      shipments: [
        { orderId: a.orderId, trackingNumber: '9400111899223197428490' },
        { orderId: b.orderId, trackingNumber: '9400111899223197428491' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['changed', 'changed']);
    expect(await stageOf(a)).toBe(BUILD_YOUR_BOX_STAGE + 2);
    expect(await stageOf(b)).toBe(BUILD_YOUR_BOX_STAGE + 2);
    expect((await mails(a.email, 'box-shipped'))[0]!.text).toContain('9400111899223197428490');
    expect((await mails(b.email, 'box-shipped'))[0]!.text).toContain('9400111899223197428491');
    // Assembled on the way: 4 samples in each box.
    const [count] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_items WHERE order_id IN (${a.orderId}, ${b.orderId})`,
    );
    expect(count!.n).toBe(8);
  });

  it('rolls back the whole batch, audit rows and mails included, when a box fails inside the transaction (E3)', async () => {
    const a = await paidMember();
    const b = await paidMember();
    const db = server.database.db;
    // The database refuses to ship b (as a lost connection or a constraint would, mid-batch).
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_ship() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.id = '${b.orderId}' AND NEW.status = 'shipped' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`),
    );
    await db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_ship BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION refuse_ship()',
      ),
    );
    try {
      const res = await admin('POST', '/boxes/ship', {
        shipments: [
          { orderId: a.orderId, trackingNumber: '9400111899223197428493' },
          { orderId: b.orderId, trackingNumber: '9400111899223197428494' },
        ],
      });
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_ship ON orders'));
      await db.execute(sql.raw('DROP FUNCTION refuse_ship()'));
    }
    for (const m of [a, b]) {
      expect(await stageOf(m)).toBe(BUILD_YOUR_BOX_STAGE);
      expect(await auditOf(m.orderId)).toEqual([]);
      expect(await mails(m.email, 'box-shipped')).toEqual([]);
      const [queued] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM cycle_mails WHERE dedupe_key = ${`shipped:${m.orderId}`}`,
      );
      expect(queued!.n).toBe(0);
      const [items] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM order_items WHERE order_id = ${m.orderId}`,
      );
      expect(items!.n).toBe(2);
    }
    // Once the fault is gone the same batch ships both.
    const retry = await admin('POST', '/boxes/ship', {
      shipments: [
        { orderId: a.orderId, trackingNumber: '9400111899223197428493' },
        { orderId: b.orderId, trackingNumber: '9400111899223197428494' },
      ],
    });
    expect(retry.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['changed', 'changed']);
  });

  it('two operators shipping the same box at once: one ships it, one mail, one audit row', async () => {
    const m = await paidMember();
    const ship = (trackingNumber: string) =>
      admin('POST', '/boxes/ship', { shipments: [{ orderId: m.orderId, trackingNumber }] });
    const answers = await Promise.all([ship('9400111899223197428495'), ship('9400111899223197428496')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.results[0].outcome).sort()).toEqual(['changed', 'unchanged']);
    expect(await mails(m.email, 'box-shipped')).toHaveLength(1);
    expect((await auditOf(m.orderId)).filter((a) => a.action === 'box.ship')).toHaveLength(1);
    const [items] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_items WHERE order_id = ${m.orderId}`,
    );
    expect(items!.n).toBe(4);
  });

  it('pages and sorts on the server', async () => {
    const all = await admin('GET', '/boxes?stage=shipping&sort=email&order=asc&pageSize=100');
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const emails = all.body.items.map((b: { email: string }) => b.email);
    expect(emails).toEqual([...emails].sort());
    const desc = await admin('GET', '/boxes?stage=shipping&sort=email&order=desc&pageSize=100');
    expect(desc.body.items.map((b: { email: string }) => b.email)).toEqual([...emails].reverse());
    const first = await admin('GET', '/boxes?stage=shipping&sort=email&pageSize=1&page=1');
    const second = await admin('GET', '/boxes?stage=shipping&sort=email&pageSize=1&page=2');
    expect(first.body).toMatchObject({ total: all.body.total, page: 1, pageSize: 1 });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.items[0].email).toBe(emails[0]);
    expect(second.body.items[0].email).toBe(emails[1]);
  });
});

describe('fulfilment: cart orders (tubs)', () => {
  it('lists paid cart orders, ships them with a tracking number and a mail once', async () => {
    const member = await paidMember();
    const [identity] = await rows<{ identity_id: string }>(
      sql`SELECT identity_id FROM orders WHERE id = ${member.orderId}`,
    );
    const orderId = randomUUID();
    const paidAt = new Date(now).toISOString();
    await server.database.db.execute(sql`
      INSERT INTO orders (id, identity_id, kind, status, price_cents, handling_fee_cents, tax_cents, total_cents,
                          discount_cents, paid_at, shipping, created_at, updated_at)
      VALUES (${orderId}, ${identity!.identity_id}, 'cart', 'paid', 6018, 0, 376, 6394, 0, ${paidAt},
              ${JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', street1: '1 Congress Ave', street2: null, city: 'Austin', state: 'TX', postalCode: '78701' })}::jsonb,
              ${paidAt}, ${paidAt})`);
    await server.database.db.execute(sql`
      INSERT INTO order_items (id, order_id, product_id, is_prime_pick, price_cents, quantity, list_price_cents)
      VALUES (${randomUUID()}, ${orderId}, 1, false, 3009, 2, 4299)`);

    const list = await admin('GET', '/cart-orders?status=to_ship&pageSize=100');
    expect(list.status).toBe(200);
    const listed = list.body.items.find((o: { orderId: string }) => o.orderId === orderId);
    expect(listed).toMatchObject({
      email: member.email,
      totalCents: 6394,
      status: 'paid',
      trackingNumber: null,
    });
    expect(listed.items).toEqual([expect.objectContaining({ productId: 1, quantity: 2 })]);

    const bad = await admin('POST', '/cart-orders/ship', { shipments: [{ orderId, trackingNumber: 'x' }] });
    expect(bad.status).toBe(400);
    const box = await admin('POST', '/cart-orders/ship', {
      shipments: [{ orderId: member.orderId, trackingNumber: '9400111899223197428499' }],
    });
    expect(box.status).toBe(404);

    const shipped = await admin('POST', '/cart-orders/ship', {
      shipments: [{ orderId, trackingNumber: '9400111899223197428492' }],
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.results[0].outcome).toBe('changed');
    const [order] = await rows<{ status: string; tracking_number: string }>(
      sql`SELECT status, tracking_number FROM orders WHERE id = ${orderId}`,
    );
    expect(order).toEqual({ status: 'shipped', tracking_number: '9400111899223197428492' });
    const sent = await mails(member.email, 'order-shipped');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('9400111899223197428492');
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(['order.ship']);

    const again = await admin('POST', '/cart-orders/ship', {
      shipments: [{ orderId, trackingNumber: '9400111899223197428492' }],
    });
    expect(again.body.results[0].outcome).toBe('unchanged');
    expect(await mails(member.email, 'order-shipped')).toHaveLength(1);
    const shippedList = await admin('GET', '/cart-orders?status=shipped&pageSize=100');
    expect(shippedList.body.items.map((o: { orderId: string }) => o.orderId)).toContain(orderId);
    const packing = await admin('GET', `/boxes/${orderId}/packing-list`);
    expect(packing.body).toMatchObject({ kind: 'cart', boxMonth: null });
  });
});

describe('B6: fulfilment routes refuse non-operators', () => {
  it('answers 401 without a token and 403 to a member, changing nothing', async () => {
    const member = await paidMember();
    const calls: [string, string, unknown?][] = [
      ['GET', '/boxes'],
      ['GET', `/boxes/${member.orderId}/packing-list`],
      ['GET', '/cart-orders'],
      ['POST', '/boxes/assemble', { orderIds: [member.orderId] }],
      [
        'POST',
        '/boxes/ship',
        { shipments: [{ orderId: member.orderId, trackingNumber: '1Z999AA10123456784' }] },
      ],
      ['POST', '/boxes/deliver', { orderIds: [member.orderId] }],
      [
        'POST',
        '/cart-orders/ship',
        { shipments: [{ orderId: member.orderId, trackingNumber: '1Z999AA10123456784' }] },
      ],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await server.request(method, `/api/admin/fulfilment${path}`, { body });
      const asMember = await server.request(method, `/api/admin/fulfilment${path}`, {
        body,
        token: member.token,
      });
      expect([anonymous.status, asMember.status], `${method} ${path}`).toEqual([401, 403]);
    }
    expect((await server.request('GET', '/api/admin/dashboard', { token: member.token })).status).toBe(403);
    expect(await stageOf(member)).toBe(BUILD_YOUR_BOX_STAGE);
  });
});
