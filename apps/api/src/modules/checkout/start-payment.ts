import { randomUUID } from 'node:crypto';
import { type CheckoutIdentity, DELIVERY_SCHEDULE_DAYS, type PaymentIntentResult } from '@store/contracts';
import { AppError, conflict } from '../../http/errors.ts';
import { isPayable, ORDER_ALREADY_PAID, type OrderRow } from '../orders/index.ts';
import {
  PaymentProviderError,
  ProviderCircuitOpenError,
  type ProviderPaymentError,
  type ProviderPaymentIntent,
} from '../payments/index.ts';
import * as repo from './checkout.repository.ts';
import { type CheckoutDeps, STALE_ATTEMPT_MS } from './context.ts';
import type { PaymentAttemptRow } from './payments.table.ts';

/** What a person sees for a decline whose real reason must not be told (fraud, lost or stolen card). */
export const GENERIC_DECLINE = 'Your card was declined.';
const SECRET_DECLINES = new Set(['fraudulent', 'lost_card', 'stolen_card', 'pickup_card', 'restricted_card']);

export const ALREADY_MEMBER = 'You already have an active membership.';
export const PAYMENT_IN_PROGRESS = 'A payment for this order is already in progress. Please wait a moment.';
const PROVIDER_DOWN =
  'We could not reach our payment provider. Nothing was charged; please try again in a minute.';

/** Seconds a client should wait before trying again while the provider is failing (docs/reliability.md#e2). */
const PROVIDER_RETRY_AFTER_SECONDS = 30;
/** 503 with `retry-after`: the breaker's remaining cool-down when it refused the call, else 30 s. */
const providerDown = (error?: unknown) =>
  new AppError('service_unavailable', PROVIDER_DOWN, {
    headers: {
      'retry-after': String(
        error instanceof ProviderCircuitOpenError ? error.retryAfterSeconds : PROVIDER_RETRY_AFTER_SECONDS,
      ),
    },
  });

/** The message a decline may show (the provider's, unless it would reveal a fraud check). */
export function declineMessage(error: { declineCode?: string; message?: string }): string {
  if (error.declineCode && SECRET_DECLINES.has(error.declineCode)) return GENERIC_DECLINE;
  return error.message || GENERIC_DECLINE;
}

function declined(message: string): AppError {
  return new AppError('payment_declined', message);
}

function answer(pi: ProviderPaymentIntent): PaymentIntentResult {
  return { clientSecret: pi.clientSecret, paymentIntentId: pi.id, status: pi.status };
}

/**
 * POST /Payment/createPaymentIntent (docs/payments.md#sign-up-payment): saves the shipping details and the
 * server's total, saves the card on the member's provider customer, then charges the order once.
 * At most one live attempt exists per order (a partial unique index): a second tab, a double
 * click or a retry finds the first attempt's PaymentIntent instead of charging again (C3).
 */
export function createPaymentStart(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'payments' | 'orders' | 'subscriptions' | 'accounts' | 'log'>,
  reconcileOrder: (orderId: string) => Promise<void>,
) {
  const { db, clock, payments, orders, subscriptions, accounts, log } = deps;

  async function customerOf(identityId: string): Promise<string> {
    const known = await repo.findCustomer(db, identityId, payments.name);
    if (known) return known.providerCustomerId;
    const identity = await accounts.getIdentity(identityId);
    if (!identity) throw new AppError('unauthorized', 'Please log in to continue.');
    const customer = await payments.ensureCustomer({ identityId, email: identity.emailAddress });
    await repo.insertCustomer(db, {
      identityId,
      provider: payments.name,
      providerCustomerId: customer.id,
      createdAt: clock(),
    });
    // Two first requests may race; the mapping that won is the one to use.
    return (await repo.findCustomer(db, identityId, payments.name))!.providerCustomerId;
  }

  /** What an existing live attempt means for a new request: its PaymentIntent, or a wait. */
  async function reuse(order: OrderRow, live: PaymentAttemptRow): Promise<PaymentIntentResult | 'retry'> {
    if (live.status === 'pending' || !live.providerPaymentIntentId) {
      if (clock().getTime() - live.updatedAt.getTime() < STALE_ATTEMPT_MS) {
        throw new AppError('in_progress', PAYMENT_IN_PROGRESS);
      }
      // Its request died between the charge and our write: settle it from the provider first.
      await reconcileOrder(order.id);
      return 'retry';
    }
    const pi = await payments.retrievePaymentIntent(live.providerPaymentIntentId);
    if (pi.status === 'succeeded') return answer(pi);
    if (pi.status === 'requires_action' && pi.amountCents === order.totalCents) return answer(pi);
    // Abandoned authentication, or the total changed since: this attempt is over.
    if (pi.status !== 'canceled' && pi.status !== 'processing') {
      await payments
        .cancelPaymentIntent(pi.id, { idempotencyKey: `cancel:${pi.id}` })
        .catch((error: unknown) => log.warn({ err: error, paymentIntentId: pi.id }, 'cancel failed'));
    }
    await repo.updateAttempt(db, live.id, { status: 'canceled', updatedAt: clock() });
    return 'retry';
  }

  async function fail(attempt: PaymentAttemptRow, orderId: string, error: Partial<ProviderPaymentError>) {
    await repo.updateAttempt(db, attempt.id, {
      status: 'failed',
      errorCode: error.code ?? null,
      declineCode: error.declineCode ?? null,
      errorMessage: error.message ?? null,
      updatedAt: clock(),
    });
    await orders.markAwaitingPayment(orderId);
  }

  /** Starts the attempt `n`, saves the card and charges; a decline leaves the order payable (C5). */
  async function charge(order: OrderRow, paymentMethodId: string): Promise<PaymentIntentResult> {
    const customerId = await customerOf(order.identityId);
    const attemptNumber = await repo.nextAttemptNumber(db, order.id);
    const key = `order:${order.id}:${attemptNumber}`;
    let attempt: PaymentAttemptRow;
    try {
      attempt = await repo.insertAttempt(db, {
        id: randomUUID(),
        orderId: order.id,
        identityId: order.identityId,
        attemptNumber,
        idempotencyKey: key,
        provider: payments.name,
        amountCents: order.totalCents,
        status: 'pending',
        createdAt: clock(),
        updatedAt: clock(),
      });
    } catch (error) {
      if (repo.isUniqueViolation(error)) throw new AppError('in_progress', PAYMENT_IN_PROGRESS);
      throw error;
    }

    let card: Awaited<ReturnType<typeof payments.attachPaymentMethod>>;
    try {
      card = await payments.attachPaymentMethod({
        paymentMethodId,
        customerId,
        idempotencyKey: `attach:${order.id}:${attemptNumber}`,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      await fail(attempt, order.id, error);
      if (error.kind === 'card_declined') throw declined(declineMessage(error));
      if (error.kind === 'unavailable') throw providerDown(error);
      throw declined('This card could not be used. Please check it or use another card.');
    }
    await repo.upsertPaymentMethod(db, {
      id: randomUUID(),
      identityId: order.identityId,
      provider: payments.name,
      providerPaymentMethodId: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: false,
      createdAt: clock(),
    });

    const schedule = order.deliverySchedule ?? 0;
    let pi: ProviderPaymentIntent;
    try {
      pi = await payments.createPaymentIntent({
        amountCents: order.totalCents,
        currency: 'usd',
        customerId,
        paymentMethodId: card.id,
        confirm: true,
        setupFutureUsage: 'off_session',
        metadata: {
          order_id: order.id,
          identity_id: order.identityId,
          kind: order.kind,
          attempt: String(attemptNumber),
          schedule_index: String(schedule),
          schedule_days: String(DELIVERY_SCHEDULE_DAYS[schedule] ?? DELIVERY_SCHEDULE_DAYS[0]),
        },
        idempotencyKey: key,
      });
    } catch (error) {
      // The breaker refused the call: it never reached the provider, so nothing was charged.
      if (error instanceof ProviderCircuitOpenError) {
        await fail(attempt, order.id, error);
        throw providerDown(error);
      }
      // Unknown outcome (the provider may have charged): the attempt stays pending for reconciliation (E1).
      if (
        error instanceof PaymentProviderError &&
        error.kind !== 'unavailable' &&
        error.kind !== 'in_progress'
      ) {
        await fail(attempt, order.id, error);
        throw declined('This card could not be charged. Please use another card.');
      }
      log.error({ err: error, orderId: order.id }, 'charging an order had no answer');
      throw providerDown();
    }

    if (pi.status === 'succeeded' || pi.status === 'requires_action' || pi.status === 'processing') {
      await repo.updateAttempt(db, attempt.id, {
        status:
          pi.status === 'requires_action'
            ? 'requires_action'
            : pi.status === 'succeeded'
              ? 'succeeded'
              : 'pending',
        providerPaymentIntentId: pi.id,
        providerPaymentMethodId: card.id,
        updatedAt: clock(),
      });
      return answer(pi);
    }
    await repo.updateAttempt(db, attempt.id, { providerPaymentIntentId: pi.id, updatedAt: clock() });
    await fail(attempt, order.id, pi.lastError ?? {});
    throw declined(pi.lastError ? declineMessage(pi.lastError) : GENERIC_DECLINE);
  }

  return {
    async createPaymentIntent(
      identityId: string,
      input: { orderId: string; paymentMethodId: string; deliverySchedule?: number },
      shipping: CheckoutIdentity,
      /** Set by the cart checkout, the only way a shop order is charged (it froze the order first). */
      options: { isCartCheckout?: boolean } = {},
    ): Promise<PaymentIntentResult> {
      const owned = await orders.requireOwn(identityId, input.orderId);
      if (owned.kind === 'cart' && !options.isCartCheckout) {
        throw conflict('This order is paid at the cart checkout.');
      }
      // A renewal's box is charged by the cycle engine alone; paying it here would be a second charge path.
      if (owned.kind !== 'first_box' && owned.kind !== 'pre_order' && owned.kind !== 'cart') {
        throw conflict('This box is billed automatically with your membership.');
      }
      if (!isPayable(owned)) throw conflict(ORDER_ALREADY_PAID);
      if (owned.kind === 'first_box' && (await subscriptions.liveSubscriptionRow(identityId))) {
        throw conflict(ALREADY_MEMBER);
      }
      try {
        return await chargeOnce(identityId, owned, input, shipping);
      } catch (error) {
        // Any provider call that found it down (the customer, a live attempt's PaymentIntent): 503.
        if (error instanceof PaymentProviderError && error.kind === 'unavailable') throw providerDown(error);
        throw error;
      }
    },
  };

  async function chargeOnce(
    identityId: string,
    owned: OrderRow,
    input: { paymentMethodId: string; deliverySchedule?: number },
    shipping: CheckoutIdentity,
  ): Promise<PaymentIntentResult> {
    for (let round = 0; round < 3; round++) {
      const current = await orders.requireOwn(identityId, owned.id);
      // Paying a paid order again is a conflict (docs/api-conventions.md#errors), never a second charge.
      if (!isPayable(current)) throw conflict(ORDER_ALREADY_PAID);
      const live = await repo.findLiveAttempt(db, current.id);
      if (live?.status === 'succeeded' && live.providerPaymentIntentId) {
        // Charged, not yet recorded: the same PaymentIntent, so Subscribe can finish it.
        return answer(await payments.retrievePaymentIntent(live.providerPaymentIntentId));
      }
      if (live) {
        const reused = await reuse(current, live);
        if (reused !== 'retry') return reused;
        continue;
      }
      // The details can only change while nothing is being charged. A cart order was frozen
      // (lines, coupon, shipping, tax, total) by the cart checkout just before this call.
      const order =
        current.kind === 'cart'
          ? current
          : await orders.updateShipping(identityId, current.id, shipping, input.deliverySchedule);
      return charge(order, input.paymentMethodId);
    }
    throw new AppError('in_progress', PAYMENT_IN_PROGRESS);
  }
}
