import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { type ProviderEvent, WebhookSignatureError } from './payment-provider.ts';

/** Stripe refuses events signed longer ago than this (stripe-node `DEFAULT_TOLERANCE`, docs/reliability.md#c8). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Signs a payload as Stripe does: `t=<ts>,v1=<hex HMAC-SHA256(secret, "<ts>.<payload>")>`. The
 * stand-in's webhooks and the tests use it; stripe-node's `constructEvent` must accept the result.
 */
export function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/**
 * Verifies with stripe-node itself, over the exact bytes received, at `now` (the app's clock), so
 * both adapters accept exactly what Stripe's library accepts.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
  now: Date,
): ProviderEvent {
  if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  let event: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } };
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    ) as unknown as typeof event;
  } catch (error) {
    throw new WebhookSignatureError(
      error instanceof Error ? error.message : 'The signature could not be verified.',
    );
  }
  const object = event.data?.object;
  if (
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    !object ||
    typeof object !== 'object'
  ) {
    throw new WebhookSignatureError('The event has no id, type or data.object.');
  }
  return {
    id: event.id,
    type: event.type,
    createdAt: new Date((typeof event.created === 'number' ? event.created : 0) * 1000),
    object: object as ProviderEvent['object'],
  };
}
