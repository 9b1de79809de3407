import { LACTOSE_RESTRICTION_ID, OrderSummarySchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { BUILD_DEADLINE_PASSED, UNSUITABLE_SAMPLE } from './orders.service.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const save = (member: Pick<Member, 'token'>, id: string, productIds: number[]) =>
  server.request('POST', '/api/order/Save', {
    token: member.token,
    body: { id, items: productIds.map((productId) => ({ id: 0, productId })) },
  });

/** Products not in the order, with or without milk. */
async function otherProducts(orderId: string, count: number, milk: boolean): Promise<number[]> {
  const result = await server.database.db.execute<{ id: number }>(sql`
    SELECT id FROM products
    WHERE id NOT IN (SELECT product_id FROM order_items WHERE order_id = ${orderId})
      AND ('Milk' = ANY(allergens)) = ${milk}
    ORDER BY id LIMIT ${count}`);
  return result.rows.map((r) => Number(r.id));
}

describe('POST /api/order/Save rules (docs/product.md#membership-cycle)', () => {
  it('refuses a third chosen sample and keeps the two saved before', async () => {
    const member = await newMember(server);
    const [a, b, c] = await otherProducts(member.orderId, 3, false);
    expect((await save(member, member.orderId, [a!, b!])).status).toBe(200);
    const res = await save(member, member.orderId, [a!, b!, c!]);
    expect(res.status).toBe(409);
    const kept = await server.request('GET', `/api/order/GetItem?id=${member.orderId}`, {
      token: member.token,
    });
    expect(
      kept.body.items
        .filter((i: { isPrimePick: boolean }) => !i.isPrimePick)
        .map((i: { productId: number }) => i.productId)
        .sort(),
    ).toEqual([a, b].sort());
  });

  it("refuses a product that fails the member's restrictions", async () => {
    const member = await newMember(server);
    await server.database.db.execute(
      sql`UPDATE quizzes SET dietary_restrictions = ARRAY[${LACTOSE_RESTRICTION_ID}]::integer[] WHERE id = ${member.quizId}`,
    );
    const [withMilk] = await otherProducts(member.orderId, 1, true);
    expect(withMilk).toBeDefined();
    const res = await save(member, member.orderId, [withMilk!]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.error_description).toBe(UNSUITABLE_SAMPLE);
    const [fine] = await otherProducts(member.orderId, 1, false);
    expect((await save(member, member.orderId, [fine!])).status).toBe(200);
  });

  it('accepts changes to a paid box until its build deadline, and refuses them after', async () => {
    const member = await newMember(server);
    await payOrder(server, member, member.orderId);
    const [a, b] = await otherProducts(member.orderId, 2, false);
    expect((await save(member, member.orderId, [a!])).status).toBe(200);
    await server.database.db.execute(
      sql`UPDATE billing_cycles SET build_deadline_at = now() - interval '1 minute' WHERE order_id = ${member.orderId}`,
    );
    const late = await save(member, member.orderId, [a!, b!]);
    expect(late.status).toBe(409);
    expect(late.body.error_description).toBe(BUILD_DEADLINE_PASSED);
  });

  it("answers another member's order as a missing one (404)", async () => {
    const owner = await newMember(server);
    const other = await newMember(server);
    const [a] = await otherProducts(owner.orderId, 1, false);
    const res = await save(other, owner.orderId, [a!]);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('GET /api/order/GetMyOrders', () => {
  it("lists only the caller's orders, newest first, and needs a session", async () => {
    const member = await newMember(server);
    const other = await newMember(server);
    await payOrder(server, member, member.orderId);
    const res = await server.request('GET', '/api/order/GetMyOrders', { token: member.token });
    expect(res.status).toBe(200);
    const list = OrderSummarySchema.array().parse(res.body);
    expect(list.map((o) => o.id)).toEqual([member.orderId]);
    expect(list[0]).toMatchObject({ statusName: 'Processing', kind: 'first_box' });
    expect(list.some((o) => o.id === other.orderId)).toBe(false);
    expect((await server.request('GET', '/api/order/GetMyOrders')).status).toBe(401);
  });
});
