import { createHash, randomUUID } from 'node:crypto';
import {
  centsToDollars,
  DELIVERY_SCHEDULE_DAYS,
  productName,
  type StartTubPlanBody,
  TUB_PLAN_CHOOSE_REMINDER_DAYS,
  TUB_PLAN_PRE_ORDER_REFUND_DAYS,
  TUB_PLANS,
  type TubPlan,
  type TubPlanId,
  type TubPlanItemInput,
  type TubPlanLaunchResult,
  type TubPlanOptions,
  tubPlanUnitCents,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import * as planOrders from '../../read-models/tub-plan-orders.ts';
import { type PlanBilling, PlanDeliveryUnavailable, type PlanKind, queueCycleMail } from '../cycles/index.ts';
import { createPlanOrder, moveOrder, type OrderShipping } from '../orders/index.ts';
import type { TaxCalculator } from '../tax/index.ts';
import {
  createTubPlanKind,
  deliveryLines,
  holdStock,
  type PlanProduct,
  productMap,
  queueReceipt,
  toPlanState,
} from './tub-plan-kind.ts';
import {
  claimUrl,
  tubPlanChooseReminderMail,
  tubPlanLaunchMail,
  tubPlanPreOrderRefundedMail,
} from './tub-plan-mails.tsx';
import * as repo from './tub-plans.repository.ts';
import type { TubPlanItemRow, TubPlanRow } from './tub-plans.table.ts';

/*
 * The Flex and Max tub plans (docs/product.md#tub-plans). The plans and their tubs are this
 * module's; their billing (claim a due period, charge once, dunning, reminders) is the cycle
 * engine's, given this module's `PlanKind` and run by every sweep once the composition root has
 * registered it. Before the operator's launch the plans only take pre-orders (the orders module).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NOT_LAUNCHED = 'The Flex and Max plans have not launched yet. You can pre-order one today.';

export interface TubPlansDeps {
  db: Db;
  clock: () => Date;
  webUrl: string;
  tax?: TaxCalculator;
  payments: { name: string };
  /** The cycle engine: billing for a plan kind, and sending the mails queued so far. */
  engine: { planBilling(kind: PlanKind): PlanBilling; sendMails(at: Date): Promise<number> };
  /** Products the member has had in a paid order (docs/product.md#unlocking). */
  unlockedProductIds(identityId: string): Promise<Set<number>>;
  /** Where the member's orders ship. */
  shippingOf(identityId: string): Promise<OrderShipping | null>;
  /** Refunds a paid pre-order in full through the back office's one refunds service (idempotent per request id). */
  refundPreOrder(orderId: string, requestId: string): Promise<void>;
  log?: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

export type TubPlansService = ReturnType<typeof createTubPlansService>;

/** A stable UUID for a text: one refund request per pre-order, however many sweeps ask. */
function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

export function createTubPlansService(deps: TubPlansDeps) {
  const { db, clock, webUrl } = deps;
  const kind = createTubPlanKind({ db, webUrl, tax: deps.tax });
  const billing = deps.engine.planBilling(kind);

  /** The plan's view: tubs named with their flavors, the next date that charges. */
  function view(
    plan: TubPlanRow,
    items: TubPlanItemRow[],
    products: ReadonlyMap<number, PlanProduct>,
  ): TubPlan {
    // Each tub named as every receipt names it: brand, product and flavor.
    const name = (id: number) => {
      const p = products.get(id);
      return p ? `${p.brandName} ${productName(p)}` : `Tub ${id}`;
    };
    const lines = deliveryLines(plan.plan, items, plan.freeProductId, products);
    const free =
      TUB_PLANS[plan.plan].freeTubs > 0 ? (plan.freeProductId ?? items[0]?.productId ?? null) : null;
    const status =
      plan.status === 'canceled'
        ? 'canceled'
        : plan.status === 'past_due'
          ? 'past_due'
          : plan.paused && plan.skipCycles > 0
            ? 'paused'
            : 'active';
    return {
      id: plan.id,
      plan: plan.plan,
      status,
      items: items.map((i) => ({ productId: i.productId, quantity: i.quantity, name: name(i.productId) })),
      freeItem: free === null ? null : { productId: free, name: name(free) },
      deliverySchedule: plan.scheduleIndex,
      nextBillingDate:
        plan.status === 'canceled'
          ? null
          : addDays(plan.nextBillingAt, plan.skipCycles * plan.scheduleDays).toISOString(),
      skippedDeliveries: plan.skipCycles,
      nextDeliveryPrice: centsToDollars('missing' in lines ? 0 : lines.reduce((s, l) => s + l.priceCents, 0)),
    };
  }

  async function viewOf(q: Db, planId: string): Promise<TubPlan> {
    const plan = await repo.findPlan(q, planId);
    if (!plan) throw notFound('That tub plan');
    const items = await repo.itemsOf(q, [plan.id]);
    const ids = [...items.map((i) => i.productId), ...(plan.freeProductId ? [plan.freeProductId] : [])];
    return view(plan, items, await productMap(q, ids));
  }

  /** The caller's own plan under its row lock, or 404 as for a missing one. */
  async function lockOwn(tx: Db, identityId: string, id: string): Promise<TubPlanRow> {
    const plan = UUID.test(id) ? await repo.lockPlan(tx, id.toLowerCase(), false) : undefined;
    if (!plan || plan.identityId !== identityId || plan.status === 'incomplete')
      throw notFound('That tub plan');
    return plan;
  }

  /** Which tubs the caller may choose: what they unlocked; any tub for a pre-order holder (docs/product.md#tub-plans). */
  async function allowedProducts(identityId: string, preOrderHolder: boolean): Promise<Set<number> | 'all'> {
    if (preOrderHolder || (await planOrders.holdsPreOrder(db, identityId))) return 'all';
    return deps.unlockedProductIds(identityId);
  }

  /** The tubs of a delivery checked against the plan: the count (400), each product sold (400) and unlocked (403). */
  async function checkItems(
    plan: TubPlanId,
    items: readonly TubPlanItemInput[],
    freeProductId: number | undefined,
    allowed: Set<number> | 'all',
  ): Promise<{ items: TubPlanItemInput[]; freeProductId: number | null }> {
    const terms = TUB_PLANS[plan];
    // The same tub twice is one line of its summed quantity.
    const merged = new Map<number, number>();
    for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
    const lines = [...merged].map(([productId, quantity]) => ({ productId, quantity }));
    const count = lines.reduce((sum, l) => sum + l.quantity, 0);
    if (count !== terms.paidTubs) {
      const message =
        plan === 'flex'
          ? `The Flex plan holds 1 tub per delivery; you chose ${count}.`
          : `The Max plan holds 4 paid tubs per delivery (any mix), plus a fifth free; you chose ${count}.`;
      throw badRequest(message, { items: message });
    }
    if (freeProductId !== undefined && terms.freeTubs === 0) {
      const message = 'Only the Max plan has a free tub.';
      throw badRequest(message, { freeProductId: message });
    }
    const ids = [...merged.keys(), ...(freeProductId !== undefined ? [freeProductId] : [])];
    const sold = await productMap(db, ids);
    for (const id of ids) {
      if (!sold.has(id)) {
        const message = 'One of the tubs you chose is not sold. Please choose another.';
        throw badRequest(message, { items: message });
      }
      if (allowed !== 'all' && !allowed.has(id)) {
        throw forbidden(
          `${productName(sold.get(id)!)} is not unlocked for you yet: a tub unlocks once you have sampled it in a paid box.`,
        );
      }
    }
    return { items: lines, freeProductId: freeProductId ?? null };
  }

  async function requireLaunched(): Promise<Date> {
    const at = await repo.launchedAt(db);
    if (!at) throw conflict(NOT_LAUNCHED);
    return at;
  }

  /** The first delivery of a plan paid by its pre-order: one transaction, no card charged. */
  async function startFromPreOrder(
    identityId: string,
    body: StartTubPlanBody,
    launchedAt: Date,
  ): Promise<string> {
    const preOrderId = body.preOrderId!;
    if (!UUID.test(preOrderId)) throw notFound('That pre-order');
    const now = clock();
    const planId = randomUUID();
    const checked = await checkItems(body.plan, body.items, body.freeProductId, 'all');
    const fallbackShipping = await deps.shippingOf(identityId);
    await db.transaction(async (tx) => {
      const pre = await planOrders.lockPreOrder(tx, preOrderId.toLowerCase());
      if (!pre || pre.identityId !== identityId) throw notFound('That pre-order');
      if (pre.plan !== body.plan) {
        const message = `This pre-order is for the ${TUB_PLANS[pre.plan].name}; please start that plan with it.`;
        throw badRequest(message, { plan: message });
      }
      if (await repo.isClaimed(tx, pre.id)) throw conflict('This pre-order already started its plan.');
      if (pre.status !== 'paid' || now >= addDays(launchedAt, TUB_PLAN_PRE_ORDER_REFUND_DAYS)) {
        throw conflict(
          'This pre-order was refunded, so it cannot start a plan. You can start one with a card.',
        );
      }
      const shipping = pre.shipping ?? fallbackShipping;
      if (!shipping) throw badRequest('Please add a shipping address to your account first.');
      const days = DELIVERY_SCHEDULE_DAYS[body.deliverySchedule]!;
      await repo.insertPlan(tx, {
        id: planId,
        identityId,
        plan: body.plan,
        status: 'active',
        scheduleIndex: body.deliverySchedule,
        scheduleDays: days,
        // The plan renews from its first delivery at the plan's prices.
        nextBillingAt: addDays(now, days),
        freeProductId: checked.freeProductId,
        preOrderId: pre.id,
        shipping,
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceItems(tx, planId, checked.items);
      const products = await productMap(tx);
      const lines = deliveryLines(body.plan, checked.items, checked.freeProductId, products);
      if ('missing' in lines)
        throw badRequest('One of the tubs you chose is not sold. Please choose another.');
      const held = await holdStock(tx, lines);
      if (!held.ok) throw new AppError('insufficient_inventory', `${held.reason} Please choose another tub.`);
      // The pre-order's payment was the promise: it pays this delivery whatever it holds.
      const order = await createPlanOrder(tx, {
        identityId,
        shipping,
        deliverySchedule: body.deliverySchedule,
        lines,
        prepaid: { paidAt: now, last4: pre.paymentMethodLast4 },
        now,
        tax: deps.tax,
      });
      await billing.recordPrepaidPeriod(tx, planId, { index: 0, orderId: order.id, startsAt: now }, now);
      const plan = (await repo.findPlan(tx, planId))!;
      const names = new Map([...products].map(([id, p]) => [id, productName(p)]));
      await queueReceipt(tx, { webUrl }, plan, order.id, now, names, pre.orderNumber);
    });
    return planId;
  }

  /** The first delivery charged with the member's card, through the engine's charge-once step. */
  async function startWithCard(identityId: string, body: StartTubPlanBody): Promise<string> {
    const allowed = await allowedProducts(identityId, false);
    const checked = await checkItems(body.plan, body.items, body.freeProductId, allowed);
    const shipping = await deps.shippingOf(identityId);
    if (!shipping) throw badRequest('Please add a shipping address to your account first.');
    const cardId = body.paymentMethodId
      ? await planOrders.findCard(db, identityId, deps.payments.name, body.paymentMethodId)
      : await planOrders.defaultCardId(db, identityId, deps.payments.name);
    if (!cardId) {
      const message = body.paymentMethodId
        ? 'That card is not saved on your account. Please choose another card.'
        : 'Please add a card to pay for your first delivery.';
      throw badRequest(message, { paymentMethodId: message });
    }
    const now = clock();
    const planId = randomUUID();
    const days = DELIVERY_SCHEDULE_DAYS[body.deliverySchedule]!;
    await db.transaction(async (tx) => {
      await repo.insertPlan(tx, {
        id: planId,
        identityId,
        plan: body.plan,
        // Unseen until its first delivery is paid.
        status: 'incomplete',
        scheduleIndex: body.deliverySchedule,
        scheduleDays: days,
        nextBillingAt: now,
        defaultPaymentMethodId: cardId,
        freeProductId: checked.freeProductId,
        shipping,
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceItems(tx, planId, checked.items);
    });
    let outcome: Awaited<ReturnType<PlanBilling['renewDue']>>;
    try {
      outcome = await billing.renewDue(planId, now);
    } catch (error) {
      if (error instanceof PlanDeliveryUnavailable) {
        await db.transaction((t) =>
          repo.updatePlan(t, planId, {
            status: 'canceled',
            canceledAt: now,
            updatedAt: now,
          }),
        );
        throw new AppError('insufficient_inventory', `${error.message} Please choose another tub.`);
      }
      throw error;
    }
    if (outcome === 'renewed') return planId;
    if (outcome === 'pending') {
      throw new AppError(
        'in_progress',
        'Your payment is being confirmed. Look at Membership again in a minute.',
      );
    }
    await db.transaction((t) =>
      repo.updatePlan(t, planId, { status: 'canceled', canceledAt: now, updatedAt: now }),
    );
    throw new AppError(
      'payment_declined',
      'Your card was declined, so your plan did not start. Please try another card.',
    );
  }

  return {
    kind,
    billing,

    /** The engine's sweep runs this after its billing steps: the launch's reminders and refunds. */
    async afterBilling(at: Date): Promise<void> {
      const launchedAt = await repo.launchedAt(db);
      if (!launchedAt) return;
      const remindAt = addDays(launchedAt, TUB_PLAN_CHOOSE_REMINDER_DAYS);
      const refundAt = addDays(launchedAt, TUB_PLAN_PRE_ORDER_REFUND_DAYS);
      if (at < remindAt) return;
      const open = await planOrders.unclaimedPreOrders(db);
      if (at < refundAt) {
        for (const pre of open) {
          await queueCycleMail(
            db,
            `tub-plan-choose:${pre.id}`,
            await tubPlanChooseReminderMail({
              to: pre.email,
              plan: pre.plan,
              claimUrl: claimUrl(webUrl, pre.id),
              refundBy: refundAt,
            }),
            at,
          );
        }
        return;
      }
      // 30 days after launch: each unclaimed pre-order is taken for its refund under its row lock
      // (a claim racing it finds it no longer paid), then refunded in full once per pre-order.
      const taken: string[] = [];
      for (const pre of open) {
        const took = await db.transaction(async (tx) => {
          const locked = await planOrders.lockPreOrder(tx, pre.id, true);
          if (locked?.status !== 'paid' || (await repo.isClaimed(tx, pre.id))) return false;
          await moveOrder(tx, pre.id, ['paid'], { status: 'refund_pending', now: at });
          return true;
        });
        if (took) taken.push(pre.id);
      }
      const again = (await planOrders.preOrdersAwaitingRefund(db)).map((r) => r.id);
      for (const orderId of new Set([...taken, ...again])) {
        try {
          await deps.refundPreOrder(orderId, uuidFrom(`tub-plan-pre-order-refund:${orderId}`));
        } catch (error) {
          // Left refund_pending without a settled refund: the next sweep asks again with the same request.
          deps.log?.error({ err: error, orderId }, 'refunding an unclaimed tub plan pre-order failed');
          continue;
        }
        const pre = await planOrders.findPreOrder(db, orderId);
        if (pre) {
          await queueCycleMail(
            db,
            `tub-plan-refunded:${orderId}`,
            await tubPlanPreOrderRefundedMail({
              to: pre.email,
              plan: pre.plan,
              orderNumber: pre.orderNumber,
              amountCents: pre.totalCents,
              plansUrl: `${webUrl}/subscriptions-learn-more`,
            }),
            at,
          );
        }
      }
    },

    /**
     * POST /admin/tub-plans/launch, inside the back office's transaction (which audits it): the
     * launch is recorded once; each paid pre-order holder is mailed once.
     */
    async launch(tx: Db, at: Date, actorId: string | null): Promise<TubPlanLaunchResult> {
      const recorded = await repo.recordLaunch(tx, at, actorId);
      if (!recorded) {
        const launchedAt = (await repo.launchedAt(tx))!;
        return { launchedAt: launchedAt.toISOString(), launchedNow: false, mailed: 0 };
      }
      let mailed = 0;
      for (const pre of await planOrders.unclaimedPreOrders(tx)) {
        const queued = await queueCycleMail(
          tx,
          `tub-plan-launch:${pre.id}`,
          await tubPlanLaunchMail({
            to: pre.email,
            plan: pre.plan,
            orderNumber: pre.orderNumber,
            claimUrl: claimUrl(webUrl, pre.id),
            refundBy: addDays(at, TUB_PLAN_PRE_ORDER_REFUND_DAYS),
          }),
          at,
        );
        if (queued) mailed++;
      }
      return { launchedAt: at.toISOString(), launchedNow: true, mailed };
    },

    /** Sends the mails queued so far (after a launch commits). */
    sendMails: (at: Date) => deps.engine.sendMails(at),

    /** GET /tubPlan/Status */
    async status(): Promise<{ launched: boolean; launchedAt: string | null }> {
      const at = await repo.launchedAt(db);
      return { launched: Boolean(at), launchedAt: at?.toISOString() ?? null };
    },

    /** GET /tubPlan/Options */
    async options(identityId: string): Promise<TubPlanOptions> {
      const launchedAt = await repo.launchedAt(db);
      const open = await planOrders.unclaimedPreOrders(db, identityId);
      const allowed = await allowedProducts(identityId, open.length > 0);
      const products = [...(await productMap(db)).values()].filter(
        (p) => allowed === 'all' || allowed.has(p.id),
      );
      return {
        launched: Boolean(launchedAt),
        launchedAt: launchedAt?.toISOString() ?? null,
        products: products.map((p) => ({
          productId: p.id,
          name: productName(p),
          brandName: p.brandName,
          listPrice: centsToDollars(p.listPriceCents),
          flexPrice: centsToDollars(tubPlanUnitCents('flex', p.listPriceCents)),
          maxPrice: centsToDollars(tubPlanUnitCents('max', p.listPriceCents)),
          image: p.tubImagePath || null,
          inStock: p.tubStock > 0,
        })),
        preOrders: open.map((p) => ({
          id: p.id,
          plan: p.plan,
          orderNumber: p.orderNumber,
          paid: centsToDollars(p.totalCents),
        })),
      };
    },

    /** GET /tubPlan/Mine */
    async mine(identityId: string): Promise<TubPlan[]> {
      const plans = await repo.plansOf(db, identityId);
      const items = await repo.itemsOf(
        db,
        plans.map((p) => p.id),
      );
      const products = await productMap(db);
      return plans.map((plan) =>
        view(
          plan,
          items.filter((i) => i.planId === plan.id),
          products,
        ),
      );
    },

    /** POST /tubPlan/Start */
    async start(identityId: string, body: StartTubPlanBody): Promise<TubPlan> {
      const launchedAt = await requireLaunched();
      const planId = body.preOrderId
        ? await startFromPreOrder(identityId, body, launchedAt)
        : await startWithCard(identityId, body);
      await deps.engine.sendMails(clock()).catch((error: unknown) => {
        deps.log?.error({ err: error }, 'sending the tub plan receipt failed; the next sweep sends it');
      });
      return viewOf(db, planId);
    },

    /** POST /tubPlan/ChangeItems: the tubs of the next delivery on. */
    async changeItems(
      identityId: string,
      body: { id: string; items: TubPlanItemInput[]; freeProductId?: number },
    ): Promise<TubPlan> {
      const own = await db.transaction(async (t) => lockOwn(t, identityId, body.id));
      if (own.status === 'canceled') throw conflict('This tub plan is canceled.');
      const checked = await checkItems(
        own.plan,
        body.items,
        body.freeProductId,
        await allowedProducts(identityId, Boolean(own.preOrderId)),
      );
      await db.transaction(async (tx) => {
        const plan = await lockOwn(tx, identityId, body.id);
        if (plan.status === 'canceled') throw conflict('This tub plan is canceled.');
        await repo.replaceItems(tx, plan.id, checked.items);
        await repo.updatePlan(tx, plan.id, { freeProductId: checked.freeProductId, updatedAt: clock() });
      });
      return viewOf(db, own.id);
    },

    /** POST /tubPlan/Skip: the next delivery passes without a charge. */
    async skip(identityId: string, id: string): Promise<TubPlan> {
      return change(identityId, id, (plan) => {
        if (plan.skipCycles >= 3) throw conflict('Your next 3 deliveries are already skipped.');
        return { skipCycles: plan.skipCycles + 1 };
      });
    },

    /** POST /tubPlan/Pause: 1-3 deliveries pass without a charge, then it resumes by itself. */
    async pause(identityId: string, id: string, deliveries: number): Promise<TubPlan> {
      return change(identityId, id, () => ({ skipCycles: deliveries, paused: true }));
    },

    /** POST /tubPlan/Resume: skipped deliveries come back; the next one is on its date. */
    async resume(identityId: string, id: string): Promise<TubPlan> {
      return change(identityId, id, () => ({ skipCycles: 0, paused: false }));
    },

    /** POST /tubPlan/Cancel: no delivery after this one; one already paid still ships. */
    async cancel(identityId: string, id: string): Promise<TubPlan> {
      const now = clock();
      await db.transaction(async (tx) => {
        const plan = await lockOwn(tx, identityId, id);
        if (plan.status === 'canceled') return;
        await repo.updatePlan(tx, plan.id, {
          status: 'canceled',
          canceledAt: now,
          skipCycles: 0,
          paused: false,
          nextRetryAt: null,
          updatedAt: now,
        });
        // A delivery whose charge failed is never sent now: its order closes, its tubs go back.
        await billing.closeUnpaid(tx, toPlanState(plan), now);
      });
      return viewOf(db, id.toLowerCase());
    },
  };

  async function change(
    identityId: string,
    id: string,
    what: (plan: TubPlanRow) => Partial<TubPlanRow>,
  ): Promise<TubPlan> {
    const planId = await db.transaction(async (tx) => {
      const plan = await lockOwn(tx, identityId, id);
      if (plan.status === 'canceled') throw conflict('This tub plan is canceled.');
      await repo.updatePlan(tx, plan.id, { ...what(plan), updatedAt: clock() });
      return plan.id;
    });
    return viewOf(db, planId);
  }
}
