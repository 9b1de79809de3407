// Members who can review: their first box paid, and a product all of them had in it.
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../test/helpers.ts';
import { type Member, newMember, payOrder } from '../checkout/checkout.test-support.ts';

/** The products of an order, by id. */
export async function itemsOf(server: TestServer, orderId: string): Promise<number[]> {
  const result = await server.database.db.execute<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${orderId} ORDER BY product_id`,
  );
  return result.rows.map((r) => Number(r.product_id));
}

/**
 * `count` members with a paid first box each; the same quiz answers give the same first box, so
 * `productId` is one product every one of them had and may review.
 */
export async function membersWithSharedProduct(
  server: TestServer,
  prefix: string,
  count: number,
): Promise<{ members: Member[]; productId: number }> {
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const m = await newMember(server, `${prefix}${i}`);
    await payOrder(server, m, m.orderId);
    members.push(m);
  }
  const shared = (await Promise.all(members.map((m) => itemsOf(server, m.orderId)))).reduce((a, b) =>
    a.filter((id) => b.includes(id)),
  );
  return { members, productId: shared[0]! };
}
