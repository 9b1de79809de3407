import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { isPayable, type OrderRow, PAID_ORDER_STATUSES } from '../orders/index.ts';
import * as repo from './checkout.repository.ts';
import type { CheckoutDeps, CheckoutHooks, IntentFacts } from './context.ts';
import { enqueue } from './outbox.ts';

export type FulfilOutcome =
  /** This call recorded the payment. */
  | 'paid'
  /** An earlier call (Subscribe, the webhook or reconciliation) already had. */
  | 'already_paid'
  /** The charge cannot be kept (a second charge, or a second membership): it is being refunded. */
  | 'refunding';

export interface FulfilResult {
  outcome: FulfilOutcome;
  order: OrderRow;
  /** Why a charge is refunded when it is not a second charge: a shop order's tubs sold out. */
  reason?: 'sold_out';
}

const isPaidStatus = (status: string) => (PAID_ORDER_STATUSES as readonly string[]).includes(status);

/**
 * The one transition from "charged" to "paid" (docs/reliability.md#c7, docs/payments.md#sign-up-payment), used by Subscribe, the
 * webhook and reconciliation alike: it runs inside a transaction that holds the order's row lock,
 * so however many of them arrive at once, exactly one records the payment, starts the membership
 * and queues the confirmation mail. It only reads the database: provider calls happen before or
 * after it, never inside the transaction.
 */
export function createFulfilment(
  deps: Pick<CheckoutDeps, 'clock' | 'payments' | 'orders' | 'subscriptions' | 'log' | 'cartOrders'> & {
    hooks: Pick<CheckoutHooks, 'firstBoxPaid'>;
  },
) {
  const { clock, payments, orders, subscriptions, log } = deps;

  async function refundInstead(tx: Db, order: OrderRow, pi: IntentFacts, reason: string): Promise<void> {
    log.warn({ orderId: order.id, paymentIntentId: pi.id, reason }, 'a charge is refunded');
    await enqueue(tx, {
      kind: 'refund',
      dedupeKey: `refund:${pi.id}`,
      payload: {
        orderId: order.id,
        paymentIntentId: pi.id,
        ...(reason === 'sold out' ? { reason: 'sold_out' as const } : {}),
      },
      now: clock(),
    });
  }

  /** Records the succeeded attempt of `pi`; any other open attempt of the order is closed. */
  async function recordAttempt(tx: Db, order: OrderRow, pi: IntentFacts): Promise<void> {
    const attempts = await repo.listAttempts(tx, order.id);
    const mine =
      attempts.find((a) => a.providerPaymentIntentId === pi.id) ??
      attempts.find((a) => !a.providerPaymentIntentId && String(a.attemptNumber) === pi.metadata.attempt);
    const now = clock();
    for (const other of attempts) {
      if (other !== mine && (other.status === 'pending' || other.status === 'requires_action')) {
        await repo.updateAttempt(tx, other.id, { status: 'canceled', updatedAt: now });
      }
    }
    const succeeded = {
      status: 'succeeded' as const,
      providerPaymentIntentId: pi.id,
      providerPaymentMethodId: pi.paymentMethodId ?? null,
      errorCode: null,
      declineCode: null,
      errorMessage: null,
      updatedAt: now,
    };
    if (mine) {
      await repo.updateAttempt(tx, mine.id, succeeded);
      return;
    }
    const attemptNumber = await repo.nextAttemptNumber(tx, order.id);
    await repo.insertAttempt(tx, {
      id: randomUUID(),
      orderId: order.id,
      identityId: order.identityId,
      attemptNumber,
      idempotencyKey: `order:${order.id}:${attemptNumber}`,
      provider: payments.name,
      amountCents: pi.amountCents,
      createdAt: now,
      ...succeeded,
    });
  }

  async function fulfilInTx(
    tx: Tx,
    orderId: string,
    pi: IntentFacts,
    scheduleIndex?: number,
  ): Promise<FulfilResult> {
    if (pi.status !== 'succeeded') throw new Error(`PaymentIntent ${pi.id} is ${pi.status}, not succeeded`);
    const order = await orders.lockForPayment(tx, orderId);
    if (!order) throw notFound('Order');
    if (!isPayable(order)) {
      const attempts = await repo.listAttempts(tx, order.id);
      const paidBy = attempts.find((a) => a.status === 'succeeded');
      if (isPaidStatus(order.status) && (!paidBy || paidBy.providerPaymentIntentId === pi.id)) {
        return { outcome: 'already_paid', order };
      }
      // Charged twice for one order, or for an order that no longer exists as payable.
      if (paidBy?.providerPaymentIntentId !== pi.id)
        await refundInstead(tx, order, pi, 'order already settled');
      return { outcome: 'refunding', order };
    }
    if (pi.amountCents !== order.totalCents) {
      log.error(
        { orderId, paymentIntentId: pi.id, charged: pi.amountCents, total: order.totalCents },
        'charged amount differs from the order total',
      );
    }
    await recordAttempt(tx, order, pi);

    const card = pi.paymentMethodId
      ? await repo.findPaymentMethod(tx, payments.name, pi.paymentMethodId)
      : undefined;
    const ownCard = card && card.identityId === order.identityId ? card : undefined;
    if (ownCard) await repo.makeDefault(tx, order.identityId, ownCard.id);

    const metadataSchedule = Number(pi.metadata.schedule_index);
    const schedule =
      scheduleIndex ?? order.deliverySchedule ?? (Number.isInteger(metadataSchedule) ? metadataSchedule : 0);
    const paidAt = clock();
    if (order.kind === 'first_box') {
      const started = await subscriptions.startMembership(tx, {
        identityId: order.identityId,
        orderId: order.id,
        scheduleIndex: schedule,
        paidAt,
        priceCents: order.priceCents,
        handlingFeeCents: order.handlingFeeCents,
        defaultPaymentMethodId: ownCard?.id ?? null,
      });
      if (started.outcome === 'already_member') {
        await orders.setPaymentState(tx, order.id, {
          status: 'refund_pending',
          paidAt,
          paymentMethodLast4: ownCard?.last4 ?? null,
        });
        await refundInstead(tx, order, pi, 'already a member');
        return { outcome: 'refunding', order };
      }
    }
    // A shop order: its stock holds are consumed, its coupon redeemed, its cart 'ordered'; or,
    // paid after its hold expired on an empty shelf, the payment is refunded in full with a mail.
    if (order.kind === 'cart' && (await deps.cartOrders?.onPaid(tx, order.id)) === 'sold_out') {
      await orders.setPaymentState(tx, order.id, {
        status: 'refund_pending',
        paidAt,
        paymentMethodLast4: ownCard?.last4 ?? null,
      });
      await refundInstead(tx, order, pi, 'sold out');
      return { outcome: 'refunding', order, reason: 'sold_out' };
    }
    await orders.setPaymentState(tx, order.id, {
      status: 'paid',
      paidAt,
      paymentMethodLast4: ownCard?.last4 ?? null,
      // A shop order has no delivery schedule.
      ...(order.kind === 'cart' ? {} : { deliverySchedule: schedule }),
    });
    if (order.kind === 'first_box') await deps.hooks.firstBoxPaid.run(tx, order.identityId);
    await enqueue(tx, {
      kind: 'order-confirmation',
      dedupeKey: `order-confirmation:${order.id}`,
      payload: { orderId: order.id },
      now: paidAt,
    });
    return { outcome: 'paid', order };
  }

  return { fulfilInTx };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
