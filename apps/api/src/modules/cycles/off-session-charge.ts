import { classifyDecline, type PaymentProvider, PaymentProviderError } from '../payments/index.ts';
import type { cycleStore } from '../subscriptions/index.ts';

/** What one off-session charge came to; `unknown` leaves the attempt pending for a later sweep. */
export type ChargeResult =
  | { ok: true; paymentIntentId: string }
  | { ok: false; hard: boolean; authentication?: boolean; code: string; paymentIntentId?: string }
  | { ok: 'unknown' };

/**
 * One off-session charge of a saved card with the attempt's idempotency key: the one way the cycle
 * engine asks the provider for money, for box renewals and every other plan it bills alike. A
 * decline is classified soft or hard (docs/reliability.md#d6); a provider that could not be read
 * answers `unknown`, and the same key is asked again after the lease.
 */
export async function chargeOffSession(
  payments: PaymentProvider,
  input: {
    amountCents: number;
    card: cycleStore.SavedCard | undefined;
    key: string;
    /** Not `order_id`: the checkout's reconciliation owns PaymentIntents carrying that key. */
    metadata: Record<string, string>;
  },
  log?: { error(obj: object, msg: string): void },
): Promise<ChargeResult> {
  if (!input.card?.providerCustomerId) return { ok: false, hard: true, code: 'no_saved_card' };
  try {
    const intent = await payments.createPaymentIntent({
      amountCents: input.amountCents,
      currency: 'usd',
      customerId: input.card.providerCustomerId,
      paymentMethodId: input.card.providerPaymentMethodId,
      offSession: true,
      confirm: true,
      metadata: input.metadata,
      idempotencyKey: input.key,
    });
    if (intent.status === 'succeeded') return { ok: true, paymentIntentId: intent.id };
    if (intent.status === 'processing') return { ok: 'unknown' };
    const error = intent.lastError ?? { code: 'card_declined', message: 'declined' };
    const kind = classifyDecline(error);
    return {
      ok: false,
      // Authentication cannot happen off-session: like a hard decline, no blind retry (docs/reliability.md#d6).
      hard: kind !== 'soft',
      authentication: kind === 'authentication_required' || intent.status === 'requires_action',
      code: error.declineCode ?? error.code,
      paymentIntentId: intent.id,
    };
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind === 'card_declined') {
      const e = {
        code: error.code ?? 'card_declined',
        declineCode: error.declineCode,
        message: error.message,
      };
      return { ok: false, hard: classifyDecline(e) !== 'soft', code: e.declineCode ?? e.code };
    }
    log?.error({ err: error, key: input.key }, 'off-session charge failed to run');
    // Left pending: after the lease a sweep asks again with the same key.
    return { ok: 'unknown' };
  }
}
