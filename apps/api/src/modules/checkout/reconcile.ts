import { ordersWithStaleAttempts } from '../../read-models/stale-payment-attempts.ts';
import type { ProviderPaymentIntent } from '../payments/index.ts';
import * as repo from './checkout.repository.ts';
import {
  ABANDONED_CART_INTENT_MS,
  ABANDONED_INTENT_MS,
  type CheckoutDeps,
  type IntentFacts,
  STALE_ATTEMPT_MS,
} from './context.ts';
import type { Fulfilment } from './fulfil-order.ts';

/** What reconciliation reads of a PaymentIntent. */
export function factsOf(pi: ProviderPaymentIntent): IntentFacts {
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amountCents,
    paymentMethodId: pi.paymentMethodId,
    metadata: pi.metadata,
  };
}

export interface ReconcileReport {
  /** Orders whose attempts were looked at. */
  checked: number;
  /** Orders this pass recorded as paid. */
  paid: number;
  /** Attempts closed because nothing was charged. */
  closed: number;
}

/**
 * Reconciliation (docs/reliability.md#e1, docs/reliability.md#e4; docs/product.md#quiz-and-first-box): for orders left unpaid with an attempt in
 * flight, the provider is asked which PaymentIntents carry `metadata.order_id`. A succeeded one
 * is recorded through the same transition Subscribe and the webhook use, so it happens exactly
 * once; an attempt the provider never charged is closed, so the order can be paid again.
 */
export function createReconciler(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'payments' | 'orders' | 'log'>,
  fulfilment: Fulfilment,
) {
  const { db, clock, payments, orders, log } = deps;

  async function settleOpenAttempts(orderId: string, intents: ProviderPaymentIntent[], before: Date) {
    let closed = 0;
    const now = clock();
    // A shop order holds tubs other members may want: its abandoned 3D Secure ends after an hour.
    const abandonedMs =
      (await orders.getOrder(orderId))?.kind === 'cart' ? ABANDONED_CART_INTENT_MS : ABANDONED_INTENT_MS;
    for (const attempt of await repo.openAttemptsBefore(db, orderId, before)) {
      const pi =
        intents.find((p) => p.id === attempt.providerPaymentIntentId) ??
        intents.find((p) => p.metadata.attempt === String(attempt.attemptNumber));
      const age = now.getTime() - attempt.createdAt.getTime();
      if (pi && (pi.status === 'requires_action' || pi.status === 'processing') && age < abandonedMs) {
        continue;
      }
      if (pi && pi.status !== 'canceled' && pi.status !== 'requires_payment_method') {
        // Authentication abandoned (23 hours, an hour for a shop order): cancel it, as Stripe expires an incomplete sign-up.
        await payments.cancelPaymentIntent(pi.id, { idempotencyKey: `cancel:${pi.id}` });
      }
      await repo.updateAttempt(db, attempt.id, {
        status: pi?.status === 'requires_payment_method' ? 'failed' : 'canceled',
        providerPaymentIntentId: attempt.providerPaymentIntentId ?? pi?.id ?? null,
        errorMessage: pi ? (pi.lastError?.message ?? null) : 'No charge was made for this attempt.',
        updatedAt: now,
      });
      await orders.markAwaitingPayment(orderId);
      closed++;
    }
    return closed;
  }

  async function reconcileOrder(orderId: string, staleMs = STALE_ATTEMPT_MS): Promise<'paid' | number> {
    const intents = await payments.findPaymentIntentsByOrder(orderId);
    const succeeded = intents.filter((pi) => pi.status === 'succeeded');
    if (succeeded.length > 0) {
      let outcome: 'paid' | number = 0;
      // The oldest charge pays the order; any later one for the same order is refunded by the transition.
      for (const pi of succeeded) {
        const result = await db.transaction((tx) => fulfilment.fulfilInTx(tx, orderId, factsOf(pi)));
        if (result.outcome === 'paid') {
          outcome = 'paid';
          log.info({ orderId, paymentIntentId: pi.id }, 'reconciliation recorded a payment');
        }
      }
      return outcome;
    }
    return settleOpenAttempts(orderId, intents, new Date(clock().getTime() - staleMs));
  }

  return {
    reconcileOrder,
    /** One pass over orders with attempts untouched for `staleMs`. */
    async reconcile(options: { staleMs?: number } = {}): Promise<ReconcileReport> {
      const staleMs = options.staleMs ?? STALE_ATTEMPT_MS;
      const orderIds = await ordersWithStaleAttempts(db, new Date(clock().getTime() - staleMs), 100);
      const report: ReconcileReport = { checked: orderIds.length, paid: 0, closed: 0 };
      for (const orderId of orderIds) {
        try {
          const outcome = await reconcileOrder(orderId, staleMs);
          if (outcome === 'paid') report.paid++;
          else report.closed += outcome;
        } catch (error) {
          log.error({ err: error, orderId }, 'reconciling an order failed');
        }
      }
      return report;
    },
  };
}
