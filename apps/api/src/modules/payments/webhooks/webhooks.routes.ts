import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/errors.ts';
import { limitPerIp, type RateLimiter } from '../../../http/rate-limit.ts';
import { WebhookSignatureError } from '../provider/payment-provider.ts';
import type { WebhookIntake } from './webhook-intake.ts';

export interface WebhooksRoutesOptions {
  limiter: RateLimiter;
  /** Records each event once and runs its effects (the composition root's provider-event hook). */
  webhookIntake: WebhookIntake;
}

/** Stripe's events are a few KB; anything near this is not Stripe. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /api/payments/webhook (docs/payments.md#webhook-intake): the raw body, never parsed as JSON before its
 * signature is checked, since a re-serialised body no longer matches the signature (C8).
 */
export async function webhooksRoutes(app: FastifyInstance, options: WebhooksRoutesOptions) {
  const intake = options.webhookIntake;
  // This plugin's own parsers: every body arrives as the exact bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/payments/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      preHandler: limitPerIp(options.limiter, { name: 'payments-webhook', max: 600, windowMs: 60_000 }),
      schema: {
        tags: ['payments'],
        summary: "The payment provider's signed events (Stripe-Signature over the raw body)",
        response: {
          200: z.object({ received: z.literal(true), status: z.enum(['processed', 'already_processed']) }),
        },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      try {
        const receipt = await intake.receive(rawBody, typeof signature === 'string' ? signature : undefined);
        request.log.info({ eventId: receipt.eventId, eventType: receipt.type }, `webhook ${receipt.outcome}`);
        return { received: true as const, status: receipt.outcome };
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn({ reason: error.message }, 'webhook refused');
        throw new AppError('bad_request', 'The webhook signature could not be verified.');
      }
    },
  );
}
