import {
  AddToNextBoxBodySchema,
  CancelOfferQuerySchema,
  CancelOfferSchema,
  NextBoxExtrasSchema,
  OrderSchema,
  RemoveFromNextBoxBodySchema,
  RescheduleNextBoxQuerySchema,
  SubscriptionSchema,
  SwapPrimePickBodySchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import type { CancelOffers } from './cancel-offers.ts';
import type { createNextBox } from './next-box.ts';
import type { NextBoxExtrasService } from './next-box-extras.ts';
import { type SwapDeps, swapPrimePick } from './swap-prime-pick.ts';

export interface SteeringRoutesOptions {
  tokens: AccessTokens;
  extras: NextBoxExtrasService;
  swap: SwapDeps;
  cancelOffers: CancelOffers;
  nextBox: ReturnType<typeof createNextBox>;
}

const tags = ['membership'];

/** The member steers their own subscription (docs/product.md#steering-your-membership). */
export async function steeringRoutes(app: FastifyInstance, options: SteeringRoutesOptions) {
  const { tokens, cancelOffers, nextBox } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(tokens);

  r.post(
    '/order/SwapPrimePick',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Replaces one of the box's prime picks until its build deadline; answers the order as GetItem does",
        body: SwapPrimePickBodySchema,
        response: { 200: OrderSchema },
      },
      preValidation: signedIn,
    },
    async (request) => swapPrimePick(options.swap, userOf(request), request.body),
  );

  r.get(
    '/user/CancelOffer',
    {
      schema: {
        tags,
        summary: 'The one offer that answers this cancel reason; the first ask counts as the offer shown',
        querystring: CancelOfferQuerySchema,
        response: { 200: CancelOfferSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cancelOffers.offer(userOf(request), request.query.cancelReason),
  );

  r.post(
    '/user/AcceptCancelOffer',
    {
      schema: {
        tags,
        summary:
          'Applies that offer; the membership stays active; once per membership and reason (409 after)',
        querystring: CancelOfferQuerySchema,
        response: { 200: CancelOfferSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cancelOffers.accept(userOf(request), request.query.cancelReason),
  );

  r.post(
    '/user/RescheduleNextBox',
    {
      schema: {
        tags,
        summary:
          'The next box is billed on that day (tomorrow to 90 days out); a pending skip or pause is replaced',
        querystring: RescheduleNextBoxQuerySchema,
        response: { 200: SubscriptionSchema },
      },
      preValidation: signedIn,
    },
    async (request) => nextBox.reschedule(userOf(request), request.query.date),
  );

  r.post(
    '/user/SendNextBoxNow',
    {
      schema: {
        tags,
        summary: 'Bills the next box now (one charge however often it is asked) and starts its cycle',
        response: { 200: SubscriptionSchema },
      },
      preValidation: signedIn,
    },
    async (request) => nextBox.sendNow(userOf(request)),
  );

  await extrasRoutes(app, options);
}

export async function extrasRoutes(app: FastifyInstance, options: SteeringRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(options.tokens);
  const { extras } = options;
  const answer = { 200: NextBoxExtrasSchema };
  const otags = ['orders'];

  r.get(
    '/order/NextBoxExtras',
    {
      schema: { tags: otags, summary: 'Tubs waiting to be charged with the next renewal', response: answer },
      preValidation: signedIn,
    },
    async (request) => extras.list(userOf(request)),
  );

  r.post(
    '/order/AddToNextBox',
    {
      schema: {
        tags: otags,
        summary:
          'An unlocked tub charged at the member price with the next renewal, in its charge (403 if not unlocked)',
        body: AddToNextBoxBodySchema,
        response: answer,
      },
      preValidation: signedIn,
    },
    async (request) => extras.add(userOf(request), request.body),
  );

  r.post(
    '/order/RemoveFromNextBox',
    {
      schema: {
        tags: otags,
        summary: 'Takes a waiting tub out of the next box',
        body: RemoveFromNextBoxBodySchema,
        response: answer,
      },
      preValidation: signedIn,
    },
    async (request) => extras.remove(userOf(request), request.body.itemId),
  );
}
