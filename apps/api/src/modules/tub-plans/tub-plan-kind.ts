import { productName, TUB_PLANS, type TubPlanId, tubPlanUnitCents } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import * as planOrders from '../../read-models/tub-plan-orders.ts';
import { tubStock, tubsForPlans } from '../catalog/index.ts';
import { type PlanKind, type PlanState, queueCycleMail } from '../cycles/index.ts';
import { createPlanOrder, moveOrder } from '../orders/index.ts';
import type { TaxCalculator } from '../tax/index.ts';
import {
  tubPlanCanceledUnpaidMail,
  tubPlanPaymentFailedMail,
  tubPlanReceiptMail,
  tubPlanReminderMail,
  tubPlanSkippedUnpaidMail,
  tubPlanUnavailableMail,
} from './tub-plan-mails.tsx';
import * as repo from './tub-plans.repository.ts';
import type { TubPlanItemRow, TubPlanRow } from './tub-plans.table.ts';

/** The tub plans as the cycle engine bills them (`PlanKind` of the cycles face). */
export const TUB_PLAN_KIND = 'tub_plan';

export type PlanProduct = Awaited<ReturnType<typeof tubsForPlans>>[number];

export interface DeliveryLine {
  productId: number;
  quantity: number;
  /** The line's total at the plan's price; 0 for the free tub. */
  priceCents: number;
  listPriceCents: number;
  free: boolean;
  name: string;
}

/** The tubs of one delivery at the plan's prices: the paid lines, then Max's free fifth tub. */
export function deliveryLines(
  plan: TubPlanId,
  items: readonly { productId: number; quantity: number }[],
  freeProductId: number | null,
  products: ReadonlyMap<number, Pick<PlanProduct, 'listPriceCents' | 'title' | 'flavor'>>,
): DeliveryLine[] | { missing: number } {
  const lines: DeliveryLine[] = [];
  for (const item of items) {
    const product = products.get(item.productId);
    if (!product) return { missing: item.productId };
    lines.push({
      productId: item.productId,
      quantity: item.quantity,
      priceCents: tubPlanUnitCents(plan, product.listPriceCents) * item.quantity,
      listPriceCents: product.listPriceCents,
      free: false,
      name: productName(product),
    });
  }
  const terms = TUB_PLANS[plan];
  if (terms.freeTubs > 0) {
    const freeId = freeProductId ?? items[0]!.productId;
    const product = products.get(freeId);
    if (!product) return { missing: freeId };
    lines.push({
      productId: freeId,
      quantity: terms.freeTubs,
      priceCents: 0,
      listPriceCents: product.listPriceCents,
      free: true,
      name: productName(product),
    });
  }
  return lines;
}

export function toPlanState(row: TubPlanRow): PlanState {
  return {
    id: row.id,
    identityId: row.identityId,
    status: row.status,
    nextBillingAt: row.nextBillingAt,
    scheduleDays: row.scheduleDays,
    skipCycles: row.skipCycles,
    paused: row.paused,
    renewalFailures: row.renewalFailures,
    nextRetryAt: row.nextRetryAt,
    declinedPaymentMethodId: row.declinedPaymentMethodId,
    defaultPaymentMethodId: row.defaultPaymentMethodId,
    canceledAt: row.canceledAt,
  };
}

/**
 * Takes each line's tubs off the shelf in product order (docs/reliability.md#e6); when one is sold
 * out, what was taken goes back and the answer names it.
 */
export async function holdStock(
  tx: Db,
  lines: readonly DeliveryLine[],
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const byProduct = new Map<number, { quantity: number; name: string }>();
  for (const line of lines) {
    const entry = byProduct.get(line.productId) ?? { quantity: 0, name: line.name };
    entry.quantity += line.quantity;
    byProduct.set(line.productId, entry);
  }
  const taken: [number, number][] = [];
  for (const [productId, { quantity, name }] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    if (!(await tubStock.take(tx, productId, quantity))) {
      for (const [id, q] of taken) await tubStock.putBack(tx, id, q);
      return { ok: false, reason: `${name} is sold out.` };
    }
    taken.push([productId, quantity]);
  }
  return { ok: true };
}

export interface TubPlanKindDeps {
  db: Db;
  webUrl: string;
  tax?: TaxCalculator;
}

/** Active tubs by id, read through `q` (the caller's transaction when there is one). */
export async function productMap(q: Db, ids?: readonly number[]): Promise<Map<number, PlanProduct>> {
  return new Map((await tubsForPlans(q, ids)).map((p) => [p.id, p]));
}

/** Queues the receipt of a paid delivery: every tub with its flavor, the free one marked. */
export async function queueReceipt(
  tx: Db,
  deps: Pick<TubPlanKindDeps, 'webUrl'>,
  plan: TubPlanRow,
  orderId: string,
  at: Date,
  names: ReadonlyMap<number, string>,
  preOrderNumber: string | null,
): Promise<void> {
  const order = await planOrders.orderRow(tx, orderId);
  const email = await planOrders.emailOf(tx, plan.identityId);
  if (!order || !email) return;
  const lines = await planOrders.orderLines(tx, orderId);
  await queueCycleMail(
    tx,
    `tub-plan-receipt:${orderId}`,
    await tubPlanReceiptMail({
      to: email,
      plan: plan.plan,
      orderNumber: order.order_number,
      orderUrl: `${deps.webUrl}/order-detail/${orderId}`,
      lines: lines.map((l) => ({
        name: names.get(l.productId) ?? `Tub ${l.productId}`,
        quantity: l.quantity,
        lineCents: l.priceCents,
        free: l.priceCents === 0,
      })),
      subtotalCents: Number(order.price_cents),
      taxCents: Number(order.tax_cents),
      creditCents: Number(order.credit_cents),
      totalCents: Number(order.total_cents),
      last4: order.payment_method_last4,
      preOrderNumber,
      nextBillingAt: plan.status === 'canceled' ? null : plan.nextBillingAt,
    }),
    at,
  );
}

export function createTubPlanKind(deps: TubPlanKindDeps): PlanKind {
  const { webUrl } = deps;
  async function planOf(q: Db, planId: string): Promise<TubPlanRow> {
    const plan = await repo.findPlan(q, planId);
    if (!plan) throw new Error(`tub plan ${planId} vanished`);
    return plan;
  }
  async function itemsOf(q: Db, planId: string): Promise<TubPlanItemRow[]> {
    return repo.itemsOf(q, [planId]);
  }

  return {
    kind: TUB_PLAN_KIND,
    dueIds: (q, at, limit) => repo.dueIds(q, at, limit),
    async find(q, planId) {
      const row = await repo.findPlan(q, planId);
      return row && toPlanState(row);
    },
    async lock(tx, planId, { skipLocked }) {
      const row = await repo.lockPlan(tx, planId, skipLocked);
      return row && toPlanState(row);
    },
    update: (tx, planId, change) => repo.updatePlan(tx, planId, change),

    async openDelivery(tx, state, _period, at) {
      const plan = await planOf(tx, state.id);
      const products = await productMap(tx);
      const lines = deliveryLines(plan.plan, await itemsOf(tx, plan.id), plan.freeProductId, products);
      if ('missing' in lines) return { unavailable: 'A tub of your plan is no longer sold.' };
      const held = await holdStock(tx, lines);
      if (!held.ok) return { unavailable: held.reason };
      const order = await createPlanOrder(tx, {
        identityId: plan.identityId,
        shipping: plan.shipping,
        deliverySchedule: plan.scheduleIndex,
        lines,
        now: at,
        tax: deps.tax,
      });
      return { orderId: order.id, totalCents: order.totalCents };
    },

    async deliveryPaid(tx, state, period, paid, at) {
      await moveOrder(tx, period.orderId, ['awaiting_payment', 'canceled'], {
        status: 'paid',
        paidAt: at,
        paymentMethodLast4: paid.last4,
        now: at,
      });
      const plan = await planOf(tx, state.id);
      const products = await productMap(tx);
      const names = new Map([...products].map(([id, p]) => [id, productName(p)]));
      await queueReceipt(tx, deps, plan, period.orderId, at, names, null);
    },

    async dropDelivery(tx, _state, orderId, at) {
      const status = await planOrders.orderStatus(tx, orderId);
      if (status !== 'awaiting_payment') return;
      await moveOrder(tx, orderId, ['awaiting_payment'], { status: 'canceled', now: at });
      // The tubs held for it go back on the shelf.
      for (const line of await planOrders.orderLines(tx, orderId)) {
        await tubStock.putBack(tx, line.productId, line.quantity);
      }
    },

    async remindable(q, from, until, prefix, limit) {
      const rows = await planOrders.remindable(q, from, until, prefix, limit);
      if (rows.length === 0) return [];
      const products = await productMap(q);
      const out = [];
      for (const row of rows) {
        const plan = await planOf(q, row.id);
        const lines = deliveryLines(plan.plan, await itemsOf(q, plan.id), plan.freeProductId, products);
        const amountCents = 'missing' in lines ? 0 : lines.reduce((sum, l) => sum + l.priceCents, 0);
        out.push({ id: row.id, email: row.email, nextBillingAt: row.nextBillingAt, amountCents });
      }
      return out;
    },

    mails: {
      reminder: async (q, planId, to, at, cents) =>
        tubPlanReminderMail(to, (await planOf(q, planId)).plan, at, cents, webUrl),
      paymentFailed: async (q, planId, to, retryAt) =>
        tubPlanPaymentFailedMail(to, (await planOf(q, planId)).plan, retryAt, webUrl),
      canceledUnpaid: async (q, planId, to) =>
        tubPlanCanceledUnpaidMail(to, (await planOf(q, planId)).plan, webUrl),
      skippedUnpaid: async (q, planId, to, next, paused) =>
        tubPlanSkippedUnpaidMail(to, (await planOf(q, planId)).plan, next, paused, webUrl),
      unavailable: async (q, planId, to, reason, next) =>
        tubPlanUnavailableMail(to, (await planOf(q, planId)).plan, reason, next, webUrl),
    },
  };
}
