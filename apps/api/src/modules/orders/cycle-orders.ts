import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { createTaxService, type TaxCalculator } from '../tax/index.ts';
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
  /** Stripe Tax with Stripe keys; the built-in state table when absent. */
  tax?: TaxCalculator;
}

/**
 * Inside the renewal's transaction: the cycle's order, awaiting the off-session charge, with its
 * 2 prime picks. Tax is on price and handling for the shipping address, from the same calculator
 * as at checkout (docs/product.md#tax), and recorded with the order.
 */
export async function createCycleOrder(
  tx: Db,
  input: CycleOrderInput,
): Promise<{ id: string; totalCents: number }> {
  const taxable = input.priceCents + input.handlingFeeCents;
  const id = randomUUID();
  const taxed = input.shipping
    ? await (input.tax ?? createTaxService()).calculate({
        taxableCents: taxable,
        address: input.shipping,
        reference: `order:${id}`,
      })
    : { taxCents: 0, calculationId: null };
  const taxCents = taxed.taxCents;
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
    taxCalculationId: taxed.calculationId,
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

/** The samples of an order: prime picks and chosen samples (a tub line added to the box is not one). */
export async function itemsOf(db: Db, orderId: string) {
  return db
    .select({ productId: orderItems.productId, isPrimePick: orderItems.isPrimePick })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.listPriceCents)));
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

/** A tub plan's delivery (docs/product.md#tub-plans). */
export const TUB_PLAN_ORDER_KIND = 'tub_plan';

export interface PlanOrderInput {
  identityId: string;
  shipping: OrderShipping | null;
  deliverySchedule: number;
  /** Each tub line: `priceCents` its member total (0 for a free tub), `listPriceCents` one tub's list price. */
  lines: readonly { productId: number; quantity: number; priceCents: number; listPriceCents: number }[];
  /** Paid otherwise (a pre-order): recorded as store credit, so the order's total is 0. */
  prepaid?: { paidAt: Date; last4: string | null };
  now: Date;
  tax?: TaxCalculator;
}

/**
 * Inside the caller's transaction: one delivery of a tub plan, its tubs as lines, free shipping and
 * no handling fee, tax on the tubs from the same calculator as every order (docs/product.md#tax).
 * Awaiting its charge, or paid already when a pre-order paid it.
 */
export async function createPlanOrder(
  tx: Db,
  input: PlanOrderInput,
): Promise<{ id: string; orderNumber: string; totalCents: number; taxCents: number; priceCents: number }> {
  const id = randomUUID();
  const priceCents = input.lines.reduce((sum, l) => sum + l.priceCents, 0);
  const taxed = input.shipping
    ? await (input.tax ?? createTaxService()).calculate({
        taxableCents: priceCents,
        address: input.shipping,
        reference: `order:${id}`,
      })
    : { taxCents: 0, calculationId: null };
  const due = priceCents + taxed.taxCents;
  const creditCents = input.prepaid ? due : 0;
  const [row] = await tx
    .insert(orders)
    .values({
      id,
      identityId: input.identityId,
      kind: TUB_PLAN_ORDER_KIND,
      status: input.prepaid ? 'paid' : 'awaiting_payment',
      paidAt: input.prepaid?.paidAt ?? null,
      paymentMethodLast4: input.prepaid?.last4 ?? null,
      shipping: input.shipping,
      deliverySchedule: input.deliverySchedule,
      priceCents,
      handlingFeeCents: 0,
      taxCents: taxed.taxCents,
      taxCalculationId: taxed.calculationId,
      creditCents,
      totalCents: due - creditCents,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ orderNumber: orders.orderNumber });
  await repo.insertItems(
    tx,
    id,
    input.lines.map((l) => ({
      id: randomUUID(),
      productId: l.productId,
      isPrimePick: false,
      priceCents: l.priceCents,
      quantity: l.quantity,
      listPriceCents: l.listPriceCents,
    })),
  );
  return {
    id,
    orderNumber: row!.orderNumber,
    totalCents: due - creditCents,
    taxCents: taxed.taxCents,
    priceCents,
  };
}
