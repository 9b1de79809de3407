import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN } from '../accounts/accounts.seed.ts';
import {
  type Member,
  newMember,
  PASSWORD,
  payOrder,
  relaxedLimiter,
} from '../checkout/checkout.test-support.ts';
import { operatorToken } from './members.test-support.ts';

/*
 * The back office's fulfilment of what the members' steering puts in a box
 * (docs/product.md#steering-your-membership), through HTTP on PGlite (PostgreSQL with
 * TEST_DATABASE_URL): the replacement box of the "Bad Experience" offer is listed, packed, shipped
 * with the shipped mail and delivered like a box; a box's full-size tubs are told apart from its
 * samples on the list and the packing list, and named in the shipped mail.
 */

const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse('2027-05-03T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let operator: string;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  operator = await operatorToken(server);
});
afterAll(async () => {
  await server?.close();
});

interface Box {
  orderId: string;
  orderNumber: string;
  kind: 'box' | 'replacement';
  email: string;
  stage: string;
  trackingNumber: string | null;
  items: { productId: number; title: string; flavor: string; quantity: number; isTub: boolean }[];
}

const admin = (method: string, path: string, body?: unknown) =>
  server.request(method, `/api/admin/fulfilment${path}`, { token: operator, body });

async function boxesAt(stage: string): Promise<Box[]> {
  const res = await admin('GET', `/boxes?stage=${stage}&pageSize=100`);
  expect(res.status).toBe(200);
  return res.body.items;
}

async function mails(m: Member, kind: string) {
  const rows = await server.database.db.execute<{ subject: string; text: string; html: string }>(
    sql`SELECT subject, text, html FROM emails WHERE to_address = ${m.email.toLowerCase()} AND kind = ${kind} ORDER BY created_at`,
  );
  return rows.rows;
}

async function authInfo(m: Member) {
  return (await server.request('GET', '/api/Account/AuthInfo', { token: m.token })).body.subscription;
}

/** Moves the server's clock; the sessions of the operator and the members are renewed (tokens expire). */
async function advance(ms: number, ...members: Member[]) {
  now += ms;
  const login = async (email: string, password: string) => {
    const res = await server.request('POST', '/api/User/Login', { body: { emailAddress: email, password } });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  operator = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const m of members) m.token = await login(m.email, PASSWORD);
}

async function paidMember(prefix: string): Promise<Member> {
  const m = await newMember(server, prefix);
  await payOrder(server, m, m.orderId, 0);
  return m;
}

describe('the replacement box of the "Bad Experience" offer', () => {
  let m: Member;
  let replacementId: string;

  beforeAll(async () => {
    m = await paidMember('replace-ship');
    // The first box is packed and on its way: the member had a bad experience with it.
    expect(
      (
        await admin('POST', '/boxes/ship', {
          shipments: [{ orderId: m.orderId, trackingNumber: '1Z999AA10123456784' }],
        })
      ).body.results,
    ).toEqual([{ orderId: m.orderId, outcome: 'changed' }]);
    await advance(DAY, m);
    const accepted = await server.request('POST', '/api/user/AcceptCancelOffer?cancelReason=2', {
      token: m.token,
    });
    expect(accepted.status).toBe(200);
    const rows = await server.database.db.execute<{ id: string }>(sql`
      SELECT o.id FROM orders o JOIN identities i ON i.id = o.identity_id
      WHERE i.email = ${m.email.toLowerCase()} AND o.kind = 'replacement'`);
    expect(rows.rows).toHaveLength(1);
    replacementId = rows.rows[0]!.id;
  });

  it('is listed to assemble at once, as a replacement, with the samples of the box it replaces', async () => {
    const listed = (await boxesAt('assembly')).find((b) => b.orderId === replacementId);
    expect(listed).toMatchObject({ kind: 'replacement', email: m.email.toLowerCase(), stage: 'assembly' });
    const first = (await boxesAt('shipping')).find((b) => b.orderId === m.orderId)!;
    expect(first.kind).toBe('box');
    expect(listed!.items.map((i) => i.productId).sort()).toEqual(first.items.map((i) => i.productId).sort());
    expect(listed!.items).toHaveLength(4);
    expect(listed!.items.every((i) => !i.isTub && i.quantity === 1)).toBe(true);
    for (const stage of ['build', 'shipping', 'delivered']) {
      expect((await boxesAt(stage)).map((b) => b.orderId)).not.toContain(replacementId);
    }
    const list = await admin('GET', `/boxes/${replacementId}/packing-list`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      kind: 'replacement',
      email: m.email.toLowerCase(),
      trackingNumber: null,
    });
    expect(list.body.items).toHaveLength(4);
    expect(list.body.shipTo).toMatchObject({ city: 'Austin', state: 'TX' });
  });

  it('is marked assembled as it holds (nothing added), audited, and stays at Assembly', async () => {
    const res = await admin('POST', '/boxes/assemble', { orderIds: [replacementId] });
    expect(res.body.results).toEqual([{ orderId: replacementId, outcome: 'changed' }]);
    expect(
      (await admin('POST', '/boxes/assemble', { orderIds: [replacementId] })).body.results[0].outcome,
    ).toBe('unchanged');
    const listed = (await boxesAt('assembly')).find((b) => b.orderId === replacementId) as Box & {
      assembledAt: string | null;
    };
    expect(listed.assembledAt).toBe(new Date(now).toISOString());
    expect(listed.items).toHaveLength(4);
  });

  it('ships with its tracking number; the member gets the shipped mail once; the membership is untouched', async () => {
    const before = await authInfo(m);
    await advance(60_000, m);
    const res = await admin('POST', '/boxes/ship', {
      shipments: [{ orderId: replacementId, trackingNumber: '9400 1118 9922 3197 4284 90' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ orderId: replacementId, outcome: 'changed' }]);
    const shipped = (await boxesAt('shipping')).find((b) => b.orderId === replacementId);
    expect(shipped).toMatchObject({ trackingNumber: '9400111899223197428490', stage: 'shipping' });
    expect((await boxesAt('assembly')).map((b) => b.orderId)).not.toContain(replacementId);

    const sent = (await mails(m, 'box-shipped')).filter((x) => x.subject.startsWith('Your replacement box'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('9400111899223197428490');
    expect(sent[0]!.text).toContain('at no charge');
    expect(sent[0]!.text).toContain(`/order-detail/${replacementId}`);
    for (const item of shipped!.items) expect(sent[0]!.text).toContain(item.flavor);
    // The member's order page shows it shipped with the number.
    const view = await server.request('GET', `/api/order/GetItem?id=${replacementId}`, { token: m.token });
    expect(view.body.trackingNumber).toBe('9400111899223197428490');

    // Again: nothing changes and nothing is mailed twice.
    const again = await admin('POST', '/boxes/ship', {
      shipments: [{ orderId: replacementId, trackingNumber: '1Z999AA10123456785' }],
    });
    expect(again.body.results[0].outcome).toBe('unchanged');
    expect(
      (await mails(m, 'box-shipped')).filter((x) => x.subject.startsWith('Your replacement')),
    ).toHaveLength(1);
    // The cycle is not the replacement's: the member's stage and next billing date stay.
    const after = await authInfo(m);
    expect(after.cycleStatus).toBe(before.cycleStatus);
    expect(after.isoutcNextBillingDate).toBe(before.isoutcNextBillingDate);

    const audit = await server.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_type = 'order' AND entity_id = ${replacementId} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['box.assemble', 'box.ship']);
  });

  it("is marked delivered, and stays under Delivered until the member's next box", async () => {
    await advance(2 * DAY, m);
    const res = await admin('POST', '/boxes/deliver', { orderIds: [replacementId] });
    expect(res.body.results).toEqual([{ orderId: replacementId, outcome: 'changed' }]);
    expect((await boxesAt('delivered')).map((b) => b.orderId)).toContain(replacementId);
    expect((await boxesAt('shipping')).map((b) => b.orderId)).not.toContain(replacementId);
    expect(
      (await admin('POST', '/boxes/deliver', { orderIds: [replacementId] })).body.results[0].outcome,
    ).toBe('unchanged');
    // The member's next box is paid: the replacement is history, as a delivered box of an earlier cycle is.
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    await advance(billed + 30 * DAY + 60_000 - now, m);
    const swept = await server.request(
      'POST',
      `/api/dev/sweep?at=${encodeURIComponent(new Date(now).toISOString())}`,
    );
    expect(swept.status).toBe(200);
    expect((await authInfo(m)).currentOrderId).not.toBe(m.orderId);
    expect((await boxesAt('delivered')).map((b) => b.orderId)).not.toContain(replacementId);
  }, 60_000);

  it('a replacement not paid-and-live is not a box: 404, nothing shipped', async () => {
    const other = await paidMember('replace-other');
    await server.request('POST', '/api/user/AcceptCancelOffer?cancelReason=2', { token: other.token });
    const row = await server.database.db.execute<{ id: string }>(sql`
      SELECT o.id FROM orders o JOIN identities i ON i.id = o.identity_id
      WHERE i.email = ${other.email.toLowerCase()} AND o.kind = 'replacement'`);
    const id = row.rows[0]!.id;
    await server.database.db.execute(sql`UPDATE orders SET status = 'canceled' WHERE id = ${id}`);
    const res = await admin('POST', '/boxes/ship', {
      shipments: [{ orderId: id, trackingNumber: '1Z999AA10123456786' }],
    });
    expect(res.status).toBe(404);
    expect((await admin('GET', `/boxes/${id}/packing-list`)).status).toBe(404);
    expect(await mails(other, 'box-shipped')).toHaveLength(0);
  });
});

describe('a box with full-size tubs added to it', () => {
  it('lists its tubs apart from its samples, on the list and the packing list, and names them in the shipped mail', async () => {
    const m = await paidMember('tubs-ship');
    const productId = Number(
      (
        await server.database.db.execute<{ product_id: number }>(
          sql`SELECT product_id FROM order_items WHERE order_id = ${m.orderId} ORDER BY product_id LIMIT 1`,
        )
      ).rows[0]!.product_id,
    );
    const added = await server.request('POST', '/api/order/AddToNextBox', {
      token: m.token,
      body: { productId, quantity: 2 },
    });
    expect(added.status).toBe(200);
    // The renewal a month later turns the tubs into tub lines of its box.
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    await advance(billed + 30 * DAY + 60_000 - now, m);
    const swept = await server.request(
      'POST',
      `/api/dev/sweep?at=${encodeURIComponent(new Date(now).toISOString())}`,
    );
    expect(swept.status).toBe(200);
    const orderId = (await authInfo(m)).currentOrderId as string;
    expect(orderId).not.toBe(m.orderId);

    const box = (await boxesAt('build')).find((b) => b.orderId === orderId)!;
    expect(box.kind).toBe('box');
    const tubs = box.items.filter((i) => i.isTub);
    expect(tubs).toEqual([expect.objectContaining({ productId, quantity: 2, isTub: true })]);
    expect(box.items.filter((i) => !i.isTub)).toHaveLength(2);

    // A bad experience now replaces the box that shipped (the first one, by the dev clock), not
    // the one still being built, and never its tubs.
    expect(
      (await server.request('POST', '/api/user/AcceptCancelOffer?cancelReason=2', { token: m.token })).status,
    ).toBe(200);
    const replacement = (await boxesAt('assembly')).find(
      (b) => b.kind === 'replacement' && b.email === m.email.toLowerCase(),
    )!;
    const firstItems = await server.database.db.execute<{ product_id: number }>(
      sql`SELECT product_id FROM order_items WHERE order_id = ${m.orderId}`,
    );
    expect(firstItems.rows).toHaveLength(4);
    expect(replacement.items.map((i) => i.productId).sort()).toEqual(
      firstItems.rows.map((r) => Number(r.product_id)).sort(),
    );
    expect(replacement.items.some((i) => i.isTub)).toBe(false);

    // Shipping closes the window (the store picks the 2 open samples) and mails both lists.
    const res = await admin('POST', '/boxes/ship', {
      shipments: [{ orderId, trackingNumber: '1Z999AA10123456787' }],
    });
    expect(res.body.results).toEqual([{ orderId, outcome: 'changed' }]);
    const list = (await admin('GET', `/boxes/${orderId}/packing-list`)).body as {
      kind: string;
      items: Box['items'];
    };
    expect(list.kind).toBe('box');
    expect(list.items.filter((i) => !i.isTub)).toHaveLength(4);
    expect(list.items.filter((i) => i.isTub)).toEqual([expect.objectContaining({ productId, quantity: 2 })]);
    // Tub lines come after the samples, so the packer takes them from the shelf last.
    expect(list.items.at(-1)!.isTub).toBe(true);

    const tub = tubs[0]!;
    const sent = (await mails(m, 'box-shipped')).filter((x) => x.text.includes('1Z999AA10123456787'));
    expect(sent).toHaveLength(1);
    for (const part of [sent[0]!.text, sent[0]!.html]) {
      expect(part).toContain('Full-size tubs in your box');
      expect(part).toContain(`2 × `);
      expect(part).toContain(`${tub.title}, ${tub.flavor}`);
    }
    // The tub is not listed among the samples: it appears once, after the tubs heading.
    const text = sent[0]!.text;
    expect(text.indexOf(`2 × `)).toBeGreaterThan(text.indexOf('Full-size tubs in your box'));
  }, 90_000);
});
