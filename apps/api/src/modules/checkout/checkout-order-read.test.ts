import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder, relaxedLimiter, SHIPPING } from './checkout.test-support.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const read = (token: string, orderId: string) =>
  server.request('GET', `/api/checkout/GetCheckoutOrder?orderId=${encodeURIComponent(orderId)}`, { token });
const getItem = (token: string, orderId: string) =>
  server.request('GET', `/api/order/GetItem?id=${encodeURIComponent(orderId)}`, { token });

describe('GET /checkout/GetCheckoutOrder (one prepared read)', () => {
  it('answers exactly what /order/GetItem answers: draft, with an address, paid, and with an archived product', async () => {
    const m = await newMember(server, 'read');
    const draft = await read(m.token, m.orderId);
    expect(draft.status).toBe(200);
    expect(draft.body.items).toHaveLength(2);
    expect(draft.body).toEqual((await getItem(m.token, m.orderId)).body);

    const withAddress = await server.request('POST', `/api/Identity/UpdateTaxInfo?orderId=${m.orderId}`, {
      token: m.token,
      body: SHIPPING,
    });
    expect(withAddress.status).toBe(200);
    expect((await read(m.token, m.orderId)).body.identity.shippingAddress).not.toBeNull();
    expect((await read(m.token, m.orderId)).body).toEqual((await getItem(m.token, m.orderId)).body);

    await payOrder(server, m, m.orderId, 0);
    const paid = await read(m.token, m.orderId);
    expect(paid.body.identity.shippingAddress).not.toBeNull();
    expect(paid.body.statusName).not.toBe(draft.body.statusName);
    expect(paid.body).toEqual((await getItem(m.token, m.orderId)).body);
    // Upper-case ids are the same order.
    expect((await read(m.token, m.orderId.toUpperCase())).body).toEqual(paid.body);

    // An archived product's line reads "Sample", as the order view says it.
    const productId = paid.body.items[0].productId as number;
    await server.database.db.execute(sql`UPDATE products SET is_active = false WHERE id = ${productId}`);
    try {
      const archived = await read(m.token, m.orderId);
      expect(archived.body.items[0].title).toBe('Sample');
      expect(archived.body).toEqual((await getItem(m.token, m.orderId)).body);
    } finally {
      await server.database.db.execute(sql`UPDATE products SET is_active = true WHERE id = ${productId}`);
    }
  }, 60_000);

  it("answers 404 for another member's order, a missing one and a malformed id", async () => {
    const owner = await newMember(server, 'owner');
    const other = await newMember(server, 'other');
    expect((await read(other.token, owner.orderId)).status).toBe(404);
    expect((await read(owner.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await read(owner.token, 'not-an-order')).status).toBe(404);
  }, 60_000);
});
