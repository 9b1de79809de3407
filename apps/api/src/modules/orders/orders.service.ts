import { randomUUID } from 'node:crypto';
import {
  type CheckoutIdentity,
  type Order,
  type OrderSummary,
  PRE_ORDER_PLANS,
  type PreOrderPlanId,
  productName,
  type SaveOrder,
} from '@store/contracts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { buildDeadlineOf } from '../../read-models/box-build-deadline.ts';
import type { CatalogProductRow, CatalogService } from '../catalog/index.ts';
import type { TaxCalculator } from '../tax/index.ts';
import { createFirstBoxOrders } from './first-box-order.ts';
import { isPayable, type OrderOwner, toOrder, toOrderStatusName } from './order-view.ts';
import * as repo from './orders.repository.ts';
import type { OrderItemRow, OrderRow, OrderShipping, OrderStatus } from './orders.table.ts';

/** Order statuses that mean the member paid for the box (docs/product.md#unlocking: what was in a paid box is unlocked). */
export const PAID_ORDER_STATUSES = ['paid', 'processing', 'shipped', 'delivered', 'completed'] as const;

/** A box holds 4 samples: 2 prime picks and 2 the member chooses (docs/product.md#constants). */
export const CHOSEN_SAMPLES_PER_BOX = 2;

export const ORDER_ALREADY_PAID = 'This order is already paid.';

export interface OrdersServiceDeps {
  db: Db;
  config: Pick<Config, 'planPriceCents' | 'handlingFeeCents'>;
  clock: () => Date;
  /** The order view's product details; optional for the quiz's tests, which never view orders. */
  catalog?: Pick<CatalogService, 'findProduct'>;
  tax?: TaxCalculator;
  /** The owner's email and names for the order view. */
  owners?: { getIdentity(identityId: string): Promise<OrderOwner | undefined> };
  /**
   * The products a member may choose for a box (late-bound: matching needs orders): `choices`
   * pass every hard filter and were not in another of their paid boxes; `dietary` only pass
   * their restrictions and diet.
   */
  sampleRules?: (identityId: string, orderId: string) => Promise<SampleRules>;
}

export interface SampleRules {
  choices: ReadonlySet<number>;
  dietary: ReadonlySet<number>;
  /** Products of the member's other paid boxes. */
  sampled: ReadonlySet<number>;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for the shape of our order ids; anything else is simply not found (never a 5xx). */
export function isOrderId(id: string): boolean {
  return UUID.test(id);
}

/**
 * Orders: the first box the quiz results create, pre-orders of a tub plan, their prices, tax and
 * shipping. Every read and change by a person goes through `requireOwn`: someone else's order
 * answers exactly as a missing one (docs/reliability.md#b1).
 */
export const BUILD_DEADLINE_PASSED = 'The time to build this box has passed; we chose its samples for you.';
export const UNSUITABLE_SAMPLE = "That product doesn't fit your dietary restrictions.";
/** A chosen sample that is already one of the box's prime picks. */
export const primePickAgain = (name: string) =>
  `${name} is already in this box as a prime pick. Please choose a different sample.`;
/** A chosen sample the member had in an earlier box. */
export const sampledBefore = (name: string) =>
  `You already had ${name} in a box. Please choose a product you have not tried yet.`;
/** A chosen sample that fails another hard filter (disliked brand or texture, no samples left). */
export const notAMatch = (name: string) =>
  `${name} is not one of your matches for this box. Please choose one of the samples offered.`;
export const SAMPLE_TWICE = 'Please choose 2 different samples.';

export function createOrdersService({
  db,
  config,
  clock,
  catalog,
  tax,
  owners,
  sampleRules,
}: OrdersServiceDeps) {
  const uncompletedFirstBox = repo.prepareUncompletedFirstBox(db);
  const listOrdersOf = repo.prepareListOrdersOf(db);
  const paidProductIds = repo.prepareProductIdsInOrders(db, 'orders_paid_product_ids', PAID_ORDER_STATUSES);
  async function requireOwn(identityId: string, id: string, tx: Db = db): Promise<OrderRow> {
    const order = isOrderId(id) ? await repo.findOrder(tx, id.toLowerCase()) : undefined;
    if (!order || order.identityId !== identityId) throw notFound('Order');
    return order;
  }

  /** Price, handling, tax and total from the server's own numbers (docs/reliability.md#b3, docs/reliability.md#c4). */
  async function priced(order: OrderRow, items: readonly OrderItemRow[], shipping: OrderShipping | null) {
    const itemsCents = items.reduce((sum, item) => sum + item.priceCents, 0);
    const taxableCents = order.priceCents + itemsCents + order.handlingFeeCents;
    const taxed =
      shipping && tax
        ? await tax.calculate({ taxableCents, address: shipping, reference: `order:${order.id}` })
        : { taxCents: 0, calculationId: null };
    const taxCents = taxed.taxCents;
    const beforeCredit = taxableCents + taxCents;
    const creditCents = Math.min(order.creditCents, beforeCredit);
    return {
      taxCents,
      taxCalculationId: taxed.calculationId,
      creditCents,
      totalCents: beforeCredit - creditCents,
    };
  }

  async function view(order: OrderRow): Promise<Order> {
    // Three round trips whatever the box holds: the items and the owner together, then the products.
    const [items, found] = await Promise.all([
      order.kind === 'pre_order' ? Promise.resolve([] as OrderItemRow[]) : repo.listItems(db, order.id),
      owners?.getIdentity(order.identityId),
    ]);
    const rows = await Promise.all(items.map((item) => catalog?.findProduct(item.productId)));
    const products = new Map<number, CatalogProductRow>();
    for (const product of rows) if (product) products.set(product.id, product);
    const owner = found ?? { emailAddress: '', firstName: null, lastName: null };
    return toOrder(order, items, products, owner);
  }

  return {
    ...createFirstBoxOrders({ db, config, clock }),

    /** Products of the member's paid boxes other than this one: never offered as a choice in it. */
    async sampledInOtherBoxes(identityId: string, orderId: string): Promise<Set<number>> {
      return new Set(await repo.productIdsInOtherBoxes(db, identityId, PAID_ORDER_STATUSES, orderId));
    },

    /** The products a member has had in a paid box: these are unlocked in the shop. */
    async unlockedProductIds(identityId: string): Promise<Set<number>> {
      return new Set(await paidProductIds(identityId));
    },

    getOrder: (id: string) => repo.findOrder(db, id),
    listItems: (orderId: string) => repo.listItems(db, orderId),

    /** The caller's own order, or 404 as for a missing one. */
    requireOwn,

    /** The wire view of an order row. */
    view,

    /** GET /order/GetItem: the caller's order. */
    async getItem(identityId: string, id: string): Promise<Order> {
      return view(await requireOwn(identityId, id));
    },

    /**
     * POST /order/Save: the member's chosen samples (at most 2 beside the prime picks, each an
     * existing product, none twice). Prices and totals in the body were already dropped.
     */
    async saveOrder(identityId: string, input: SaveOrder): Promise<Order> {
      const order = await requireOwn(identityId, input.id);
      if (order.kind === 'pre_order') throw conflict('A pre-order has no samples to choose.');
      if (!isPayable(order) && order.status !== 'paid') {
        throw conflict('This box is already on its way; its samples can no longer change.');
      }
      const deadline = await buildDeadlineOf(db, order.id);
      if (deadline && deadline.getTime() <= clock().getTime()) throw conflict(BUILD_DEADLINE_PASSED);
      if (input.items) {
        const current = await repo.listItems(db, order.id);
        const primePicks = new Set(current.filter((i) => i.isPrimePick).map((i) => i.productId));
        // The body may echo each prime pick once, with its item id, beside the chosen samples; a
        // prime pick's product sent as a new sample (id 0 or absent) or a second time is a choice
        // of it, refused (never silently dropped).
        const echoed = new Set<number>();
        const chosen: number[] = [];
        const repeated: number[] = [];
        for (const { id, productId } of input.items) {
          const isEcho = id !== undefined && id !== null && id !== 0 && id !== '' && id !== '0';
          if (primePicks.has(productId) && isEcho && !echoed.has(productId)) echoed.add(productId);
          else if (chosen.includes(productId)) repeated.push(productId);
          else chosen.push(productId);
        }
        if (chosen.length > CHOSEN_SAMPLES_PER_BOX) {
          throw conflict(`A box holds ${CHOSEN_SAMPLES_PER_BOX} samples of your choice.`);
        }
        const names = new Map<number, string>();
        for (const productId of chosen) {
          const product = await catalog?.findProduct(productId);
          if (!product) throw notFound('That product');
          names.set(productId, productName(product));
        }
        const refuse = (message: string) => badRequest(message, { items: message });
        if (repeated.length) throw refuse(SAMPLE_TWICE);
        const again = chosen.find((productId) => primePicks.has(productId));
        if (again !== undefined) throw refuse(primePickAgain(names.get(again)!));
        const rules = chosen.length && sampleRules ? await sampleRules(identityId, order.id) : undefined;
        for (const productId of rules ? chosen : []) {
          if (rules!.choices.has(productId)) continue;
          const name = names.get(productId)!;
          if (!rules!.dietary.has(productId)) throw refuse(UNSUITABLE_SAMPLE);
          throw refuse(rules!.sampled.has(productId) ? sampledBefore(name) : notAMatch(name));
        }
        await db.transaction(async (t) => {
          const locked = await repo.lockOrder(t, order.id);
          if (!locked || (!isPayable(locked) && locked.status !== 'paid')) throw conflict(ORDER_ALREADY_PAID);
          await repo.replaceChosenItems(
            t,
            order.id,
            chosen.map((productId) => ({ id: randomUUID(), productId })),
          );
          await repo.touchOrder(t, order.id, clock());
        });
      }
      return view((await repo.findOrder(db, order.id))!);
    },

    /** GET /order/GetMyOrders: the member's paid orders and open boxes, newest first. */
    async myOrders(identityId: string): Promise<OrderSummary[]> {
      const rows = await listOrdersOf(identityId);
      return rows.map((o) => ({
        id: o.id,
        kind: o.kind,
        status: o.status,
        statusName: toOrderStatusName(o.status),
        orderNumer: o.orderNumber,
        dateCreated: o.createdAt.toISOString(),
        datePaid: o.paidAt?.toISOString() ?? null,
        total: o.totalCents / 100,
      }));
    },

    /** POST /order/ConfirmNewOrder: a pre-order of a tub plan; pressing twice finds the same unpaid one. */
    async createPreOrder(identityId: string, plan: PreOrderPlanId): Promise<Order> {
      const open = await repo.findOpenPreOrder(db, identityId, plan);
      if (open) return view(open);
      const now = clock();
      const price = PRE_ORDER_PLANS[plan].priceCents;
      const inserted = await repo.insertOrderIfAbsent(db, {
        id: randomUUID(),
        identityId,
        kind: 'pre_order',
        plan,
        status: 'draft',
        priceCents: price,
        handlingFeeCents: config.handlingFeeCents,
        taxCents: 0,
        totalCents: price + config.handlingFeeCents,
        createdAt: now,
        updatedAt: now,
      });
      // A conflict means another request opened it a moment ago.
      const order = inserted ?? (await repo.findOpenPreOrder(db, identityId, plan));
      if (!order) throw new Error('pre-order vanished after a conflict');
      return view(order);
    },

    /**
     * The checkout's names and address on an unpaid order, with tax and total recomputed for
     * the state (POST /Identity/UpdateTaxInfo, and again before a charge).
     */
    async updateShipping(
      identityId: string,
      orderId: string,
      identity: CheckoutIdentity,
      deliverySchedule?: number,
    ): Promise<OrderRow> {
      const order = await requireOwn(identityId, orderId);
      if (!isPayable(order)) throw conflict(ORDER_ALREADY_PAID);
      const a = identity.shippingAddress;
      const shipping: OrderShipping = {
        firstName: identity.firstName,
        lastName: identity.lastName,
        street1: a.street1,
        street2: a.street2?.trim() ? a.street2.trim() : null,
        city: a.city,
        state: a.state,
        postalCode: a.postalCode,
      };
      const items = order.kind === 'pre_order' ? [] : await repo.listItems(db, order.id);
      // The tax service (Stripe Tax) is asked before the row is locked, so no lock waits on it;
      // if the order's amounts changed meanwhile, it is asked again for the locked row.
      const early = await priced(order, items, shipping);
      return db.transaction(async (t) => {
        const locked = await repo.lockOrder(t, order.id);
        if (!locked || !isPayable(locked)) throw conflict(ORDER_ALREADY_PAID);
        const unchanged =
          locked.priceCents === order.priceCents &&
          locked.handlingFeeCents === order.handlingFeeCents &&
          locked.creditCents === order.creditCents;
        const price = unchanged ? early : await priced(locked, items, shipping);
        const updated = await repo.updateOrder(t, order.id, {
          shipping,
          taxCents: price.taxCents,
          taxCalculationId: price.taxCalculationId,
          creditCents: price.creditCents,
          totalCents: price.totalCents,
          ...(deliverySchedule !== undefined ? { deliverySchedule } : {}),
          updatedAt: clock(),
        });
        return updated!;
      });
    },

    /** The unpaid first box the member can go back to (AuthInfo's uncompletedCheckoutOrderId). */
    uncompletedFirstBoxOrderId: (identityId: string): Promise<string | null> =>
      uncompletedFirstBox(identityId),

    /** The newest paid order's shipping: the billing address is the shipping address (docs/product.md#member-area). */
    async latestPaidShipping(identityId: string): Promise<OrderShipping | null> {
      const order = await repo.latestOrderOf(db, identityId, ['first_box', 'pre_order'], PAID_ORDER_STATUSES);
      return order?.shipping ?? null;
    },

    /** After a declined or failed attempt: the order stays payable, and says a payment was tried. */
    async markAwaitingPayment(orderId: string): Promise<void> {
      await repo.setStatusIf(db, orderId, 'draft', 'awaiting_payment', clock());
    },

    /** After its refund went through: an order that could not be completed ends `refunded` (C11). */
    async markRefunded(orderId: string): Promise<void> {
      await repo.setStatusIf(db, orderId, 'refund_pending', 'refunded', clock());
    },

    /** Inside a payment's transaction: the order, locked until it ends. */
    lockForPayment: (tx: Db, orderId: string) => repo.lockOrder(tx, orderId),

    /** Inside a payment's transaction: changes an order's payment fields. */
    async setPaymentState(
      tx: Db,
      orderId: string,
      changes: {
        status: OrderStatus;
        paidAt?: Date;
        paymentMethodLast4?: string | null;
        deliverySchedule?: number;
      },
    ): Promise<void> {
      await repo.updateOrder(tx, orderId, { ...changes, updatedAt: clock() });
    },
  };
}
