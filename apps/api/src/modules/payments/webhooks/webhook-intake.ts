import type { Db, Tx } from '../../../db/database.ts';
import { createHook, type Hook } from '../../../hooks.ts';
import type { PaymentProvider, ProviderEvent } from '../provider/payment-provider.ts';
import { insertEventOnce, markEventProcessed } from './webhooks.repository.ts';

/**
 * What an event does to the store (an order paid, a renewal failed), run inside the transaction
 * that records the event: a failure rolls both back, the provider gets a 5xx and delivers again,
 * so an event is never acknowledged and dropped (docs/reliability.md#c9, docs/reliability.md#c10).
 */
export type WebhookEffect = (tx: Tx, event: ProviderEvent) => Promise<void>;

/**
 * "A provider event arrived" (a payment succeeded or failed, a refund or a dispute changed), raised
 * by this module in the transaction that records the event once, whether it came by webhook or by
 * the event reconciliation; the composition root adds the checkout's and the refunds' listeners.
 */
export type ProviderEventHook = Hook<[tx: Tx, event: ProviderEvent]>;

export function createProviderEventHook(): ProviderEventHook {
  return createHook('provider event');
}

export interface WebhookReceipt {
  eventId: string;
  type: string;
  /** `already_processed` for a redelivery of an event recorded before (C9). */
  outcome: 'processed' | 'already_processed';
}

export interface WebhookIntake {
  /** Verifies the signature over the raw body, then records the event once and applies its effect. */
  receive(rawBody: Buffer, signatureHeader: string | undefined): Promise<WebhookReceipt>;
  /**
   * Records an event read from the provider's own API (the event reconciliation) once and applies
   * its effect, exactly as a webhook of it would: the same event id is never applied twice.
   */
  apply(event: ProviderEvent): Promise<WebhookReceipt>;
}

export function createWebhookIntake(deps: {
  db: Db;
  payments: PaymentProvider;
  clock: () => Date;
  effect?: WebhookEffect;
}): WebhookIntake {
  const { db, payments, clock, effect } = deps;
  function apply(event: ProviderEvent): Promise<WebhookReceipt> {
    return db.transaction(async (tx) => {
      const now = clock();
      const isNew = await insertEventOnce(tx, payments.name, event, now);
      if (!isNew) return { eventId: event.id, type: event.type, outcome: 'already_processed' as const };
      if (effect) await effect(tx, event);
      await markEventProcessed(tx, event.id, now);
      return { eventId: event.id, type: event.type, outcome: 'processed' as const };
    });
  }

  return {
    // Async, so a bad signature is a rejected promise like any other failure.
    receive: async (rawBody, signatureHeader) => apply(payments.verifyWebhook(rawBody, signatureHeader)),
    apply,
  };
}
