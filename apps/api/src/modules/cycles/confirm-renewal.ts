import type { RenewalConfirmation } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { findOrderRow } from '../orders/index.ts';
import { type PaymentProvider, PaymentProviderError, type ProviderPaymentIntent } from '../payments/index.ts';
import { cycleStore as store } from '../subscriptions/index.ts';
import type { EngineHooks } from './hooks.ts';
import { recordPaid } from './renewal-outcomes.ts';

/**
 * docs/reliability.md#d6: a renewal the bank wants to authenticate leaves its cycle `awaiting_customer`
 * (no retries). The member opens the link of the mail and confirms the same PaymentIntent
 * on-session: with Stripe the browser runs `confirmCardPayment` with the client secret; with the
 * sandbox the API confirms on-session and passes the sandbox's 3D Secure step. Once the provider
 * says `succeeded` the cycle is billed exactly as a renewal is (one succeeded charge row).
 */

type Waiting = store.AwaitingConfirmation;

/** The member's renewal waiting for them, or undefined. */
async function waitingRenewal(db: Db, identityId: string): Promise<Waiting | undefined> {
  return store.awaitingConfirmation(db, identityId);
}

const NOTHING_TO_CONFIRM = 'There is no payment waiting for your confirmation';

export interface ConfirmDeps extends EngineHooks {
  db: Db;
  payments: PaymentProvider;
  /** PUBLIC_URL, for the receipt's links. */
  config: { publicUrl: string };
}

/** GET /user/RenewalConfirmation: what the confirm page shows; 404 when nothing waits. */
export async function renewalConfirmation(
  deps: ConfirmDeps,
  identityId: string,
): Promise<RenewalConfirmation> {
  const waiting = await waitingRenewal(deps.db, identityId);
  if (!waiting) throw notFound(NOTHING_TO_CONFIRM);
  const sub = await store.findSubscription(deps.db, waiting.subscriptionId);
  const [intent, order, card] = await Promise.all([
    deps.payments.retrievePaymentIntent(waiting.paymentIntentId),
    findOrderRow(deps.db, waiting.orderId),
    store.defaultCard(deps.db, identityId, sub?.defaultPaymentMethodId ?? null, deps.payments.name),
  ]);
  return {
    orderId: waiting.orderId,
    orderNumber: order?.orderNumber ?? '',
    amountCents: intent.amountCents,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    paymentMethodId: card?.providerPaymentMethodId,
    last4: card?.last4,
    provider: deps.payments.name,
  };
}

export type ConfirmOutcome = { status: 'billed' } | { status: 'requires_action'; clientSecret: string };

interface SandboxAuthentication {
  completeAuthentication(id: string, outcome: 'approve' | 'fail'): Promise<ProviderPaymentIntent>;
}

const hasSandboxAuthentication = (p: PaymentProvider): p is PaymentProvider & SandboxAuthentication =>
  p.name === 'sandbox' && typeof (p as Partial<SandboxAuthentication>).completeAuthentication === 'function';

/**
 * POST /user/ConfirmRenewalPayment: the member is present. The sandbox confirms on-session here
 * (3D Secure passed); Stripe's browser confirmation has happened before this call, so the
 * PaymentIntent is read back. A succeeded intent bills the cycle once; asking again changes nothing.
 */
export async function confirmRenewal(
  deps: ConfirmDeps,
  identityId: string,
  at: Date,
): Promise<ConfirmOutcome> {
  const waiting = await waitingRenewal(deps.db, identityId);
  if (!waiting) throw notFound(NOTHING_TO_CONFIRM);
  let intent = await deps.payments.retrievePaymentIntent(waiting.paymentIntentId);
  if (intent.status !== 'succeeded' && hasSandboxAuthentication(deps.payments)) {
    const sub = await store.findSubscription(deps.db, waiting.subscriptionId);
    const card = await store.defaultCard(deps.db, identityId, sub?.defaultPaymentMethodId ?? null, 'sandbox');
    try {
      if (intent.status !== 'requires_action') {
        intent = await deps.payments.confirmPaymentIntent(intent.id, {
          paymentMethodId: card?.providerPaymentMethodId,
          offSession: false,
          idempotencyKey: `${waiting.chargeKey}:confirm`,
        });
      }
      if (intent.status === 'requires_action') {
        intent = await deps.payments.completeAuthentication(intent.id, 'approve');
      }
    } catch (error) {
      if (error instanceof PaymentProviderError && error.kind === 'card_declined') {
        throw new AppError(
          'payment_declined',
          'Your card was declined. Please replace it on the billing page.',
        );
      }
      throw error;
    }
  }
  if (intent.status !== 'succeeded') {
    if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') {
      return { status: 'requires_action', clientSecret: intent.clientSecret };
    }
    throw new AppError(
      'payment_declined',
      intent.lastError?.message ?? 'The payment was not confirmed. Please try again or replace your card.',
    );
  }
  const paid = intent;
  // Never before the cycle's own billing date (outside production the dev clock may have swept
  // the renewal ahead of now, docs/decisions/011-dev-clock.md).
  const billedAt = waiting.startsAt > at ? waiting.startsAt : at;
  await deps.db.transaction(async (tx) => {
    const sub = await store.lockSubscription(tx, waiting.subscriptionId);
    const cycle = await store.latestCycle(tx, waiting.subscriptionId);
    // Billed already (a second click, or a new card's renewal got there first): nothing to do.
    if (!sub || cycle?.cycleIndex !== waiting.cycleIndex || cycle.status !== 'awaiting_customer') return;
    const attempt = waiting.attempt + 1;
    const key = `renew:${sub.id}:${waiting.cycleIndex}:${attempt}`;
    const chargeId = await store.claimCharge(tx, {
      subscriptionId: sub.id,
      cycleIndex: waiting.cycleIndex,
      attempt,
      key,
      amountCents: paid.amountCents,
      at: billedAt,
    });
    if (!chargeId) return;
    await store.finishCharge(tx, chargeId, { status: 'succeeded', paymentIntentId: paid.id, at: billedAt });
    const card = await store.defaultCard(tx, sub.identityId, sub.defaultPaymentMethodId, deps.payments.name);
    await recordPaid(
      tx,
      sub,
      {
        chargeId,
        subscriptionId: sub.id,
        identityId: sub.identityId,
        cycleIndex: waiting.cycleIndex,
        orderId: waiting.orderId,
        startsAt: waiting.startsAt,
        key,
        amountCents: paid.amountCents,
        card,
      },
      billedAt,
      await store.emailOf(tx, sub.identityId),
      deps.config.publicUrl,
      deps,
    );
    await store.recordEvent(tx, {
      subscriptionId: sub.id,
      actor: 'member',
      kind: 'renewal_confirmed',
      detail: { cycleIndex: waiting.cycleIndex, paymentIntentId: paid.id },
      at: billedAt,
    });
  });
  return { status: 'billed' };
}
