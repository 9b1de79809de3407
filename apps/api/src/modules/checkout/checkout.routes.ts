import {
  CheckoutIdentitySchema,
  CheckoutOrderQuerySchema,
  CreatePaymentIntentQuerySchema,
  IDEMPOTENCY_KEY_HEADER,
  OrderSchema,
  PaymentConfigSchema,
  PaymentIntentResultSchema,
  PaymentMethodSchema,
  PayQuerySchema,
  PayResultSchema,
  SubscribeQuerySchema,
  TokenPairSchema,
  UpdateTaxInfoQuerySchema,
} from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { enforceLimit, type LimitRule, type RateLimiter } from '../../http/rate-limit.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import { type IdempotencyStore, readIdempotencyKey, requestHash } from './idempotency.ts';

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  accounts: Pick<AccountsService, 'issueTokens' | 'hasPermission'>;
  tokens: AccessTokens;
  limiter: RateLimiter;
  /** The one store of Idempotency-Keys, built by the composition root. */
  idempotency: IdempotencyStore;
  db: Db;
  clock: () => Date;
  config: { env: string };
}

const MINUTE = 60 * 1000;

/** A person pays a few times in a row (a decline, another card); a card-testing script does not get far. */
export const CheckoutLimits = {
  chargePerUser: { name: 'payment-charge-user', max: 12, windowMs: 15 * MINUTE },
  taxPerUser: { name: 'tax-info-user', max: 120, windowMs: 15 * MINUTE },
} satisfies Record<string, LimitRule>;

const tags = ['checkout'];

/** The checkout's calls (docs/product.md#calls orders and payment), plus the operator's reconciliation. */
export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions) {
  const { checkout, accounts, tokens, limiter } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(tokens);
  const { idempotency } = options;
  const limitUser = (rule: LimitRule) => async (request: FastifyRequest) =>
    enforceLimit(limiter, rule, userOf(request));

  // Payments settle even when nobody comes back: the scheduler (app.ts) reconciles every minute.

  r.get(
    '/checkout/GetCheckoutOrder',
    {
      schema: {
        tags,
        summary: "The caller's order to pay, with the server's totals",
        querystring: CheckoutOrderQuerySchema,
        response: { 200: OrderSchema },
      },
      preValidation: signedIn,
    },
    async (request) => checkout.getCheckoutOrder(userOf(request), request.query.orderId),
  );

  r.get(
    '/checkout/PaymentConfig',
    {
      schema: {
        tags,
        summary: 'Which card field to show: the sandbox, or Stripe with its publishable key',
        response: { 200: PaymentConfigSchema },
      },
    },
    async () => checkout.paymentConfig(),
  );

  r.post(
    '/Identity/UpdateTaxInfo',
    {
      schema: {
        tags,
        summary: 'Names and shipping address of an unpaid order; answers the order with tax recomputed',
        querystring: UpdateTaxInfoQuerySchema,
        body: CheckoutIdentitySchema,
        response: { 200: OrderSchema },
      },
      preValidation: signedIn,
      preHandler: limitUser(CheckoutLimits.taxPerUser),
    },
    async (request) => checkout.updateTaxInfo(userOf(request), request.query.orderId, request.body),
  );

  r.post(
    '/Payment/createPaymentIntent',
    {
      schema: {
        tags,
        summary: 'Charges the order with the card (once per order); answers the PaymentIntent',
        querystring: CreatePaymentIntentQuerySchema,
        body: CheckoutIdentitySchema,
        response: { 200: PaymentIntentResultSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const identityId = userOf(request);
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
      const route = 'Payment/createPaymentIntent';
      const answer = await idempotency.run(
        { identityId, key, route, hash: requestHash(route, request.query, request.body) },
        async () => {
          await enforceLimit(limiter, CheckoutLimits.chargePerUser, identityId);
          return checkout.createPaymentIntent(identityId, request.query, request.body);
        },
      );
      return answer.body;
    },
  );

  r.post(
    '/Payment/Subscribe',
    {
      schema: {
        tags,
        summary: 'Records the completed payment: starts the membership; answers fresh tokens',
        querystring: SubscribeQuerySchema,
        response: { 200: TokenPairSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const identityId = userOf(request);
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
      const route = 'Payment/Subscribe';
      // Only the outcome is stored under the key; tokens are issued fresh for every answer.
      await idempotency.run({ identityId, key, route, hash: requestHash(route, request.query, null) }, () =>
        checkout.subscribe(identityId, request.query),
      );
      return accounts.issueTokens(identityId);
    },
  );

  r.post(
    '/Payment/Pay',
    {
      schema: {
        tags,
        summary: 'Store credit on an unpaid order: at most the balance and the amount due',
        querystring: PayQuerySchema,
        response: { 200: PayResultSchema },
      },
      preValidation: signedIn,
    },
    async (request) => checkout.pay(userOf(request), request.query),
  );

  r.get(
    '/PaymentMethod/GetDefaultPaymentMethod',
    {
      schema: {
        tags,
        summary: "The caller's default card, or null",
        response: { 200: PaymentMethodSchema.nullable() },
      },
      preValidation: signedIn,
    },
    async (request) => checkout.defaultPaymentMethod(userOf(request)),
  );

  r.post(
    '/payments/reconcile',
    {
      schema: {
        tags,
        summary: 'Operator: settle payments whose recording failed, now',
        querystring: z.object({
          /** Only attempts untouched this long (default 120 s): younger ones may still be running. */
          olderThanSeconds: z.coerce.number().int().min(0).max(86_400).default(120),
        }),
        response: {
          200: z.object({ checked: z.number(), paid: z.number(), closed: z.number(), jobsDone: z.number() }),
        },
      },
      preValidation: [
        signedIn,
        async (request: FastifyRequest) => {
          if (!(await accounts.hasPermission(userOf(request), 'admin'))) throw forbidden();
        },
      ],
    },
    async (request) => checkout.reconcile({ staleMs: request.query.olderThanSeconds * 1000 }),
  );
}
