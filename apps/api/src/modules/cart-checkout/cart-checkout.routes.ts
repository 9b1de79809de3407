import {
  CartCheckoutQuoteQuerySchema,
  CartCheckoutQuoteSchema,
  CheckoutIdentitySchema,
  CheckoutPaymentResultSchema,
  CreateCheckoutPaymentQuerySchema,
  IDEMPOTENCY_KEY_HEADER,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import { enforceLimit, type RateLimiter } from '../../http/rate-limit.ts';
import { CheckoutLimits, type IdempotencyStore, readIdempotencyKey, requestHash } from '../checkout/index.ts';
import type { CartCheckoutService } from './cart-checkout.service.ts';

export interface CartCheckoutRoutesOptions {
  cartCheckout: CartCheckoutService;
  tokens: AccessTokens;
  limiter: RateLimiter;
  /** The one store of Idempotency-Keys, built by the composition root. */
  idempotency: IdempotencyStore;
  db: Db;
  clock: () => Date;
  config: { env: string };
}

/** How often the server gives expired stock holds back. */
export const HOLD_RELEASE_INTERVAL_MS = 60_000;

const tags = ['cart checkout'];

/** The shop's cart checkout (docs/product.md#calls CreateCheckoutPayment) and the page's live totals. */
export async function cartCheckoutRoutes(app: FastifyInstance, options: CartCheckoutRoutesOptions) {
  const { cartCheckout, tokens, limiter } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(tokens);
  const { idempotency } = options;

  // Abandoned checkouts give their tubs back through the scheduler's stock-hold-release job (app.ts).

  r.post(
    '/Payment/CreateCheckoutPayment',
    {
      schema: {
        tags,
        summary:
          'Turns the cart into an order at server prices (coupon, handling, tax), holds its tubs and charges it once; answers the order',
        querystring: CreateCheckoutPaymentQuerySchema,
        body: CheckoutIdentitySchema,
        response: { 200: CheckoutPaymentResultSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const identityId = userOf(request);
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
      const route = 'Payment/CreateCheckoutPayment';
      const answer = await idempotency.run(
        { identityId, key, route, hash: requestHash(route, request.query, request.body) },
        async () => {
          await enforceLimit(limiter, CheckoutLimits.chargePerUser, identityId);
          return cartCheckout.createCheckoutPayment(identityId, request.query, request.body);
        },
      );
      return answer.body;
    },
  );

  r.get(
    '/cart/CheckoutQuote',
    {
      schema: {
        tags,
        summary:
          "What Confirm order would charge for the caller's cart: subtotal, coupon, handling, tax for the state, total",
        querystring: CartCheckoutQuoteQuerySchema,
        response: { 200: CartCheckoutQuoteSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cartCheckout.quote(userOf(request), request.query),
  );
}
