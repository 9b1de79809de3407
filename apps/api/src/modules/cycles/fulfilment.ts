import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { boxShippedMail } from '../mail/cycle-templates.ts';
import { findOrderRow, moveOrder } from '../orders/cycle-orders.ts';
import { billingCycles } from '../subscriptions/subscriptions.table.ts';
import * as store from './cycle-store.ts';

/**
 * The operator's side of a cycle's box (DESIGN §5: shipping and delivery are set by the
 * operator; outside production the sweeper sets them by date). For the back office to call.
 * Each answers false when the order is not a paid cycle box, or the step was already recorded.
 */
export async function markBoxShipped(db: Db, orderId: string, at: Date): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [cycle] = await tx
      .update(billingCycles)
      .set({ shippedAt: at })
      .where(
        and(
          eq(billingCycles.orderId, orderId),
          eq(billingCycles.status, 'billed'),
          isNull(billingCycles.shippedAt),
        ),
      )
      .returning();
    if (!cycle) return false;
    await moveOrder(tx, orderId, ['paid', 'processing'], { status: 'shipped', now: at });
    const order = await findOrderRow(tx, orderId);
    const email = order ? await store.emailOf(tx, order.identityId) : undefined;
    if (order && email)
      await store.queueMail(tx, `shipped:${orderId}`, boxShippedMail(email, order.orderNumber), at);
    return true;
  });
}

export async function markBoxDelivered(db: Db, orderId: string, at: Date): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [cycle] = await tx
      .update(billingCycles)
      .set({ deliveredAt: at })
      .where(and(eq(billingCycles.orderId, orderId), isNull(billingCycles.deliveredAt)))
      .returning();
    if (!cycle?.shippedAt) {
      if (cycle) throw new Error('a box is delivered after it shipped');
      return false;
    }
    await moveOrder(tx, orderId, ['shipped'], { status: 'delivered', now: at });
    return true;
  });
}
