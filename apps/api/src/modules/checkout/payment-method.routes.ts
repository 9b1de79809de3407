import { randomUUID } from 'node:crypto';
import { type PaymentMethod, PaymentMethodSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { enforceLimit, type LimitRule, type RateLimiter } from '../../http/rate-limit.ts';
import { type PaymentProvider, PaymentProviderError } from '../payments/index.ts';
import { cycleStore } from '../subscriptions/index.ts';
import * as repo from './checkout.repository.ts';
import { declineMessage } from './start-payment.ts';

export interface PaymentMethodRoutesOptions {
  db: Db;
  clock: () => Date;
  payments: PaymentProvider;
  tokens: AccessTokens;
  limiter: RateLimiter;
}

export const SetDefaultPaymentMethodSchema = z.object({
  /** The card field's PaymentMethod id (`pm_...`, or a sandbox test card's). */
  paymentMethodId: z
    .string()
    .trim()
    .min(3)
    .max(255)
    .regex(/^pm_[A-Za-z0-9_]+$/, 'Please enter a valid card.'),
});

/** Card changes per member and hour: each is a call to the provider. */
const SET_CARD_LIMIT: LimitRule = { name: 'set-card', max: 10, windowMs: 3_600_000 };

export const NO_CUSTOMER = 'Please complete a checkout before saving a card.';

/**
 * POST /PaymentMethod/SetDefault (billing page, "Replace card"): the card is attached to the
 * member's customer at the provider, saved, made the default there and here, and the live
 * membership's renewals use it from now on.
 */
export async function paymentMethodRoutes(app: FastifyInstance, options: PaymentMethodRoutesOptions) {
  const { db, clock, payments, tokens, limiter } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/PaymentMethod/SetDefault',
    {
      schema: {
        tags: ['checkout'],
        summary: "Replaces the member's default card",
        body: SetDefaultPaymentMethodSchema,
        response: { 200: PaymentMethodSchema },
      },
      preValidation: requireUser(tokens),
    },
    async (request): Promise<PaymentMethod> => {
      const identityId = userOf(request);
      await enforceLimit(limiter, SET_CARD_LIMIT, identityId);
      const customer = await repo.findCustomer(db, identityId, payments.name);
      if (!customer) throw conflict(NO_CUSTOMER);
      const key = `set-default:${identityId}:${request.body.paymentMethodId}:${randomUUID()}`;
      let card: Awaited<ReturnType<PaymentProvider['attachPaymentMethod']>>;
      try {
        card = await payments.attachPaymentMethod({
          paymentMethodId: request.body.paymentMethodId,
          customerId: customer.providerCustomerId,
          idempotencyKey: `attach:${key}`,
        });
        await payments.setDefaultPaymentMethod({
          customerId: customer.providerCustomerId,
          paymentMethodId: card.id,
          idempotencyKey: `default:${key}`,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        if (error.kind === 'card_declined') throw new AppError('payment_declined', declineMessage(error));
        if (error.kind === 'unavailable') {
          throw new AppError(
            'service_unavailable',
            'Our payment provider is not answering. Please try again.',
          );
        }
        throw new AppError(
          'payment_declined',
          'This card could not be used. Please check it or use another card.',
        );
      }
      await db.transaction(async (t) => {
        const saved = await repo.upsertPaymentMethod(t, {
          id: randomUUID(),
          identityId,
          provider: payments.name,
          providerPaymentMethodId: card.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          isDefault: false,
          createdAt: clock(),
        });
        await repo.makeDefault(t, identityId, saved.id);
        await cycleStore.useCardForLiveMemberships(t, identityId, saved.id, clock());
      });
      return {
        stripeMethodId: card.id,
        last4Digits: card.last4,
        expiryMonth: card.expMonth,
        expiryYear: card.expYear,
        brand: card.brand,
      };
    },
  );
}
