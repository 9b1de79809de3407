import { displayOrderNumber } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { identityIdOf, operatorToken, paidMember } from './members.test-support.ts';

/** The operator helps without mistakes (docs/product.md#back-office). */

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

const NEW_ADDRESS = {
  firstName: 'Grace',
  lastName: 'Hopper',
  shippingAddress: {
    street1: '9 Harbor St',
    street2: null,
    city: 'Portland',
    state: 'Maine',
    postalCode: '04101',
  },
};

describe('the member page: shipping address', () => {
  it('shows where the boxes ship; the operator changes it for the renewals and the box not shipped yet, audited', async () => {
    const member = await paidMember(server, 'pm_card_visa', 'moving');
    const id = await identityIdOf(server, member.email);
    const before = await get(`/api/admin/members/${id}`);
    expect(before.status).toBe(200);
    expect(before.body.shippingAddress).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      street1: '1 Congress Ave',
      street2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
    });

    const bad = await post(`/api/admin/members/${id}/shipping-address`, {
      ...NEW_ADDRESS,
      shippingAddress: { ...NEW_ADDRESS.shippingAddress, postalCode: '123' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toBeTruthy();

    const changed = await post(`/api/admin/members/${id}/shipping-address`, NEW_ADDRESS);
    expect(changed.status).toBe(200);
    expect(changed.body.shippingAddress).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      street1: '9 Harbor St',
      street2: null,
      city: 'Portland',
      state: 'ME',
      postalCode: '04101',
    });
    // The first box (its renewals copy it) ships there, as the packing list reads it.
    const order = await server.database.db.execute<{ shipping: { city: string; state: string } }>(
      sql`SELECT shipping FROM orders WHERE id = ${member.orderId}`,
    );
    expect(order.rows[0]!.shipping).toMatchObject({ city: 'Portland', state: 'ME' });
    const audit = await server.database.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity_id = ${id} ORDER BY id`,
    );
    expect(audit.rows.at(-1)).toMatchObject({
      action: 'member.shipping_address',
      before: { city: 'Austin' },
      after: { city: 'Portland' },
    });
  });

  it('is operator-only and answers 404 for an unknown member', async () => {
    const member = await paidMember(server, 'pm_card_visa', 'notop');
    const id = await identityIdOf(server, member.email);
    const asMember = await server.request('POST', `/api/admin/members/${id}/shipping-address`, {
      token: member.token,
      body: NEW_ADDRESS,
    });
    expect(asMember.status).toBe(403);
    const unknown = await post(
      '/api/admin/members/00000000-0000-4000-8000-000000000000/shipping-address',
      NEW_ADDRESS,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('the member page: pause', () => {
  it('pauses by the member rule, audited as the operator', async () => {
    const member = await paidMember(server, 'pm_card_visa', 'pausing');
    const id = await identityIdOf(server, member.email);
    expect((await post(`/api/admin/members/${id}/pause`, { cycles: 4 })).status).toBe(400);
    const paused = await post(`/api/admin/members/${id}/pause`, { cycles: 2 });
    expect(paused.status).toBe(200);
    expect(paused.body.subscription).toMatchObject({ paused: true, skipCycles: 2 });
    const audit = await server.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_id = ${paused.body.subscription.id} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toContain('subscription.pause');
    const events = await server.database.db.execute<{ kind: string; actor: string }>(
      sql`SELECT kind, actor FROM subscription_events WHERE subscription_id = ${paused.body.subscription.id} AND kind = 'paused'`,
    );
    expect(events.rows).toEqual([{ kind: 'paused', actor: 'operator' }]);
  });
});

describe('finding an order by its number', () => {
  it('finds the member of an order by the number every page shows, with or without # and zeros', async () => {
    const member = await paidMember(server, 'pm_card_visa', 'ordernumber');
    const number = await server.database.db.execute<{ order_number: string }>(
      sql`SELECT order_number FROM orders WHERE id = ${member.orderId}`,
    );
    const stored = number.rows[0]!.order_number;
    const shown = displayOrderNumber(stored);
    for (const q of [shown, shown.slice(1), String(Number(shown.slice(1))), stored]) {
      const found = await get(`/api/admin/members?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(
        found.body.items.map((m: { email: string }) => m.email),
        q,
      ).toContain(member.email);
    }
  });
});
