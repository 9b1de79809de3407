import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { computeStateTaxCents } from '../tax/index.ts';
import * as repo from './orders.repository.ts';
import { type OrderShipping, orderItems, orders } from './orders.table.ts';

/** A renewal's box: the order of one membership cycle (docs/product.md#membership-cycle). */
export const CYCLE_ORDER_KIND = 'cycle_box';

/** Samples the member chooses beside the 2 prime picks. */
export const CHOSEN_PER_BOX = 2;

/** Statuses of an order whose samples the member has received or will receive. */
export const SAMPLED_STATUSES = ['paid', 'processing', 'shipped', 'delivered', 'completed'] as const;

export interface CycleOrderInput {
  identityId: string;
  quizId: string | null;
  priceCents: number;
  handlingFeeCents: number;
  shipping: OrderShipping | null;
  deliverySchedule: number;
  primePickIds: readonly number[];
  now: Date;
}

/**
 * Inside the renewal's transaction: the cycle's order, awaiting the off-session charge, with its
 * 2 prime picks. Tax is the shipping state's rate on price and handling, as at checkout.
 */
export async function createCycleOrder(
  tx: Db,
  input: CycleOrderInput,
): Promise<{ id: string; totalCents: number }> {
  const taxable = input.priceCents + input.handlingFeeCents;
  const taxCents = input.shipping ? computeStateTaxCents(taxable, input.shipping.state) : 0;
  const id = randomUUID();
  const totalCents = taxable + taxCents;
  await tx.insert(orders).values({
    id,
    identityId: input.identityId,
    quizId: input.quizId,
    kind: CYCLE_ORDER_KIND,
    status: 'awaiting_payment',
    shipping: input.shipping,
    deliverySchedule: input.deliverySchedule,
    priceCents: input.priceCents,
    handlingFeeCents: input.handlingFeeCents,
    taxCents,
    totalCents,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await repo.insertItems(
    tx,
    id,
    input.primePickIds.map((productId) => ({
      id: randomUUID(),
      productId,
      isPrimePick: true,
      priceCents: 0,
    })),
  );
  return { id, totalCents };
}

/** Products of the member's paid boxes: never picked for them again while others remain. */
export function sampledProductIds(db: Db, identityId: string): Promise<number[]> {
  return repo.productIdsInOrders(db, identityId, SAMPLED_STATUSES);
}

/** The items of an order: prime picks and chosen samples. */
export async function itemsOf(db: Db, orderId: string) {
  return db
    .select({ productId: orderItems.productId, isPrimePick: orderItems.isPrimePick })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/** Adds the samples the store chose for a member who did not choose before the build deadline. */
export async function addChosenSamples(tx: Db, orderId: string, productIds: readonly number[], now: Date) {
  await repo.insertItems(
    tx,
    orderId,
    productIds.map((productId) => ({ id: randomUUID(), productId, isPrimePick: false, priceCents: 0 })),
  );
  await repo.touchOrder(tx, orderId, now);
}

/** Moves an order on (paid, shipped, delivered, canceled) when it is still in one of `from`. */
export async function moveOrder(
  tx: Db,
  orderId: string,
  from: readonly (typeof orders.$inferSelect)['status'][],
  change: Partial<Pick<typeof orders.$inferInsert, 'status' | 'paidAt' | 'paymentMethodLast4'>> & {
    now: Date;
  },
): Promise<void> {
  const { now, ...set } = change;
  await tx
    .update(orders)
    .set({ ...set, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])));
}

export async function findOrderRow(db: Db, orderId: string) {
  return repo.findOrder(db, orderId);
}
