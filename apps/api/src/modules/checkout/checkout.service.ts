import {
  type BillingInfo,
  type CheckoutIdentity,
  centsToDollars,
  type Order,
  type PaymentConfig,
  type PaymentMethod,
  type PayResult,
} from '@store/contracts';
import type { Tx } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { prepareCheckoutOrderRead } from '../../read-models/checkout-order.ts';
import type { Membership } from '../accounts/index.ts';
import { isOrderId, isPayable, ORDER_ALREADY_PAID, toOrder } from '../orders/index.ts';
import { PaymentProviderError, type ProviderEvent } from '../payments/index.ts';
import { createAfterPayment } from './after-payment.ts';
import * as repo from './checkout.repository.ts';
import { type CheckoutDeps, createCheckoutHooks, type IntentFacts } from './context.ts';
import { createFulfilment } from './fulfil-order.ts';
import { enqueue } from './outbox.ts';
import { createReconciler, factsOf } from './reconcile.ts';
import {
  ALREADY_MEMBER,
  createPaymentStart,
  declineMessage,
  GENERIC_DECLINE,
  PAYMENT_IN_PROGRESS,
} from './start-payment.ts';

/** How often the background pass reconciles payments and sends queued mail. */
export const BACKGROUND_INTERVAL_MS = 60_000;

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * The checkout: paying an order (first box or pre-order) and what follows from it, the
 * membership's start, the default card, the confirmation mail, and the recovery of payments whose
 * recording failed (webhook for Stripe, reconciliation for both).
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, clock, config, payments, orders, log } = deps;
  const hooks = createCheckoutHooks();
  const fulfilment = createFulfilment({ ...deps, hooks });
  const reconciler = createReconciler(deps, fulfilment);
  const paymentStart = createPaymentStart(deps, async (orderId) => {
    await reconciler.reconcileOrder(orderId);
  });

  const { flush, flushSoon, afterPayment } = createAfterPayment(deps, reconciler);
  const readCheckoutOrder = prepareCheckoutOrderRead(db);

  return {
    /** The checkout's named effects ("first box paid"); the composition root adds their listeners. */
    hooks,

    /**
     * GET /checkout/GetCheckoutOrder: the caller's order with its server-computed totals, read in
     * one prepared statement; another identity's order answers 404 as a missing one does.
     */
    async getCheckoutOrder(identityId: string, orderId: string): Promise<Order> {
      const found = isOrderId(orderId)
        ? await readCheckoutOrder(identityId, orderId.toLowerCase())
        : undefined;
      if (!found) throw notFound('Order');
      return toOrder(found.order, found.items, found.products, found.owner);
    },

    /** POST /Identity/UpdateTaxInfo: names and address on the unpaid order; tax and total recomputed. */
    async updateTaxInfo(identityId: string, orderId: string, identity: CheckoutIdentity): Promise<Order> {
      const order = await orders.requireOwn(identityId, orderId);
      if (!isPayable(order)) throw conflict(ORDER_ALREADY_PAID);
      // A shop order's totals are frozen by the cart checkout, which takes the address itself.
      if (order.kind === 'cart') throw conflict('This order is priced at the cart checkout.');
      const live = await repo.findLiveAttempt(db, order.id);
      if (live?.status === 'succeeded') throw conflict(ORDER_ALREADY_PAID);
      if (live?.status === 'pending') throw new AppError('in_progress', PAYMENT_IN_PROGRESS);
      return orders.view(await orders.updateShipping(identityId, order.id, identity));
    },

    createPaymentIntent: paymentStart.createPaymentIntent,

    /**
     * POST /Payment/Subscribe: records the payment the browser completed. The PaymentIntent is
     * read from the provider, never taken from the client's word; it must be this order's and
     * succeeded. Repeating it (a retry, a second tab) finds the order paid and changes nothing.
     */
    async subscribe(
      identityId: string,
      input: { orderId: string; paymentIntent: string; deliverySchedule: number },
    ): Promise<{ orderId: string; kind: Order['kind'] }> {
      const order = await orders.requireOwn(identityId, input.orderId);
      let facts: IntentFacts;
      try {
        const pi = await payments.retrievePaymentIntent(input.paymentIntent);
        if (pi.metadata.order_id !== order.id) throw notFound('Payment');
        if (pi.status === 'requires_action') {
          throw conflict('Please confirm this payment with your bank first, then try again.');
        }
        if (pi.status !== 'succeeded') {
          throw new AppError(
            'payment_declined',
            pi.lastError ? declineMessage(pi.lastError) : GENERIC_DECLINE,
          );
        }
        facts = factsOf(pi);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        if (error.kind === 'unavailable') {
          throw new AppError(
            'service_unavailable',
            'We could not reach our payment provider. Please try again.',
          );
        }
        throw notFound('Payment');
      }
      const result = await db.transaction((tx) =>
        fulfilment.fulfilInTx(tx, order.id, facts, input.deliverySchedule),
      );
      if (result.outcome === 'refunding') {
        await flush().catch(() => undefined);
        if (result.reason === 'sold_out')
          throw new AppError(
            'insufficient_inventory',
            'Sorry, these tubs sold out while your payment was completing. We refunded your payment in full, and your cart is open again.',
          );
        if (order.kind === 'cart')
          throw conflict('This order was already paid. This payment is being refunded.');
        throw conflict(`${ALREADY_MEMBER} This payment is being refunded.`);
      }
      await afterPayment(identityId, order.id, facts);
      return {
        orderId: order.id,
        kind: order.kind === 'pre_order' || order.kind === 'cart' ? order.kind : 'first_box',
      };
    },

    /**
     * POST /Payment/Pay?creditAmount: store credit on an unpaid order, never more than the
     * member's balance or the amount due (docs/api-conventions.md#amounts-come-from-the-server). No store credit exists yet (referral
     * rewards are coupons, docs/product.md#shop-and-cart), so the balance is 0 and nothing is applied.
     */
    async pay(identityId: string, input: { creditAmount: number; orderId?: string }): Promise<PayResult> {
      const orderId = input.orderId ?? (await orders.uncompletedFirstBoxOrderId(identityId));
      if (!orderId) throw notFound('Order');
      const order = await orders.requireOwn(identityId, orderId);
      if (!isPayable(order)) throw conflict(ORDER_ALREADY_PAID);
      const balanceCents = 0;
      const dueCents = order.totalCents + order.creditCents;
      const appliedCents = Math.min(Math.round(input.creditAmount * 100), balanceCents, dueCents);
      return {
        orderId: order.id,
        creditApplied: centsToDollars(appliedCents),
        creditBalance: centsToDollars(balanceCents - appliedCents),
        total: centsToDollars(dueCents - appliedCents),
      };
    },

    /** GET /PaymentMethod/GetDefaultPaymentMethod: the member's default card, or null. */
    async defaultPaymentMethod(identityId: string): Promise<PaymentMethod | null> {
      const card = await repo.findDefaultPaymentMethod(db, identityId, payments.name);
      if (!card) return null;
      return {
        stripeMethodId: card.providerPaymentMethodId,
        last4Digits: card.last4,
        expiryMonth: card.expMonth,
        expiryYear: card.expYear,
        brand: card.brand,
      };
    },

    /** For AuthInfo: the live membership and the unpaid first box to go back to. */
    async membershipOf(identityId: string): Promise<Membership> {
      // A member's answer never shows the unpaid first box, so it is read only for the others:
      // one statement for a member instead of two (AuthInfo is read on every page).
      const subscription = await deps.subscriptions.subscriptionOf(identityId);
      if (subscription) return { subscription, uncompletedCheckoutOrderId: null };
      return {
        subscription,
        uncompletedCheckoutOrderId: await orders.uncompletedFirstBoxOrderId(identityId),
      };
    },

    /** For GET /identity/GetBillingInfoByIdentityId: the default card and the billing (= shipping) address. */
    async billingOf(identityId: string): Promise<BillingInfo | null> {
      const [card, shipping] = await Promise.all([
        repo.findDefaultPaymentMethod(db, identityId, payments.name),
        orders.latestPaidShipping(identityId),
      ]);
      if (!card && !shipping) return null;
      return {
        last4Digits: card?.last4 ?? null,
        expiryMonth: card?.expMonth ?? null,
        expiryYear: card?.expYear ?? null,
        brand: card?.brand ?? null,
        billingAddress: shipping
          ? {
              street1: shipping.street1,
              street2: shipping.street2,
              city: shipping.city,
              state: shipping.state,
              postalCode: shipping.postalCode,
            }
          : null,
      };
    },

    /** GET /checkout/PaymentConfig: Stripe's publishable key only when the server really talks to Stripe. */
    paymentConfig(): PaymentConfig {
      const isStripe = payments.name === 'stripe' && Boolean(config.stripe.publishableKey);
      return {
        provider: isStripe ? 'stripe' : 'sandbox',
        publishableKey: isStripe ? config.stripe.publishableKey! : null,
      };
    },

    /**
     * The webhook's effect, inside the transaction that records the event (docs/reliability.md#c9, docs/reliability.md#c10):
     * a succeeded PaymentIntent of one of our orders is recorded through the same transition;
     * an order we do not know yet throws, so the provider delivers the event again.
     */
    async paymentEventEffect(tx: Tx, event: ProviderEvent): Promise<void> {
      const object = event.object as Record<string, unknown>;
      const metadata = (object.metadata ?? {}) as Record<string, string>;
      const orderId = metadata.order_id;
      if (object.object !== 'payment_intent' || !orderId || !isOrderId(orderId)) return;
      const pm = object.payment_method;
      const facts: IntentFacts = {
        id: String(object.id),
        status: String(object.status),
        amountCents: Number(object.amount),
        paymentMethodId: typeof pm === 'string' ? pm : ((pm as { id?: string } | null)?.id ?? undefined),
        metadata,
      };
      if (event.type === 'payment_intent.succeeded' && facts.status === 'succeeded') {
        if (!(await orders.lockForPayment(tx, orderId))) {
          // An event that overtook its order's commit: kept and retried later, not dropped (C10).
          await enqueue(tx, {
            kind: 'settle',
            dedupeKey: `settle:${facts.id}`,
            payload: { orderId, paymentIntentId: facts.id },
            now: clock(),
          });
          log.warn({ orderId, paymentIntentId: facts.id }, 'webhook for an order not known yet: queued');
          return;
        }
        const result = await fulfilment.fulfilInTx(tx, orderId, facts);
        log.info({ orderId, paymentIntentId: facts.id, outcome: result.outcome }, 'webhook settled an order');
        flushSoon();
      }
    },

    /** One reconciliation pass, then queued mail (the background timer and operators run it). */
    async reconcile(options: { staleMs?: number } = {}) {
      const report = await reconciler.reconcile(options);
      const sent = await flush();
      return { ...report, jobsDone: sent };
    },

    /** Sends queued mail and refunds now. */
    flushOutbox: flush,
  };
}
