import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createPaymentProvider } from '../payments/index.ts';
import { identityIdOf, operatorToken, orderStatus, paidMember } from './members.test-support.ts';
import { createRefundsService, type OrderRefund } from './refunds.service.ts';

/*
 * "Order refunded" (decision 016, the third step): the refunds raise it in the transaction that
 * records a refund as succeeded; a listener that throws undoes that recording.
 */

let server: TestServer;
const actor = { id: '00000000-0000-0000-0000-000000000002', email: 'operator@example.com' };
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await operatorToken(server);
});
afterAll(async () => {
  await server?.close();
});

function refundsService() {
  const db = server.database.db;
  const clock = () => new Date();
  return createRefundsService({
    db,
    clock,
    payments: createPaymentProvider({ config: server.config, db, clock }),
    log,
  });
}

const refundStatuses = async (orderId: string) =>
  (
    await server.database.db.execute<{ status: string }>(
      sql`SELECT status FROM refunds WHERE order_id = ${orderId} ORDER BY seq`,
    )
  ).rows.map((r) => r.status);

describe('the "order refunded" hook', () => {
  it('runs its listener with the refund, inside the transaction that records it as succeeded', async () => {
    const member = await paidMember(server, 'pm_card_visa', 'refunded');
    const identityId = await identityIdOf(server, member.email);
    const refunds = refundsService();
    const seen: { refund: OrderRefund; refundInside: string; orderInside: string }[] = [];
    refunds.hooks.orderRefunded.on(async (tx, refund) => {
      const [row] = (
        await tx.execute<{ refund: string; order: string }>(sql`
          SELECT r.status AS refund, o.status AS order FROM refunds r JOIN orders o ON o.id = r.order_id
          WHERE r.id = ${refund.refundId}`)
      ).rows;
      seen.push({ refund, refundInside: String(row?.refund), orderInside: String(row?.order) });
    });

    const answer = await refunds.refundOrder(actor, member.orderId, {
      requestId: randomUUID(),
      reason: 'test',
    });

    expect(answer.status).toBe('succeeded');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.refund).toMatchObject({
      orderId: member.orderId,
      identityId,
      refundId: answer.id,
      amountCents: answer.amountCents,
      orderStatus: 'refunded',
    });
    expect(seen[0]!.refundInside).toBe('succeeded');
    expect(seen[0]!.orderInside).toBe('refunded');
  });

  it('a listener that throws undoes the recording of the succeeded refund', async () => {
    const member = await paidMember(server, 'pm_card_visa', 'unrefunded');
    const refunds = refundsService();
    let called = 0;
    refunds.hooks.orderRefunded.on(async () => {
      called++;
      throw new Error('listener failed');
    });

    await expect(
      refunds.refundOrder(actor, member.orderId, { requestId: randomUUID(), reason: 'test' }),
    ).rejects.toThrow();

    expect(called).toBe(1);
    // The refund stays as it was before the provider's answer, and so does its order.
    expect(await refundStatuses(member.orderId)).toEqual(['requested']);
    expect(await orderStatus(server, member.orderId)).toBe('refund_pending');
  });
});
