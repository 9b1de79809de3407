import {
  ChangeTubPlanItemsBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  PauseTubPlanBodySchema,
  StartTubPlanBodySchema,
  TubPlanIdBodySchema,
  TubPlanOptionsSchema,
  TubPlanSchema,
  TubPlanStatusSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import { type IdempotencyStore, readIdempotencyKey, requestHash } from '../checkout/index.ts';
import type { TubPlansService } from './tub-plans.service.ts';

export interface TubPlansRoutesOptions {
  tokens: AccessTokens;
  idempotency: IdempotencyStore;
  tubPlans: TubPlansService;
}

const tags = ['tub plans'];

/** The member's Flex and Max tub plans (docs/product.md#tub-plans). */
export async function tubPlansRoutes(app: FastifyInstance, options: TubPlansRoutesOptions) {
  const { tokens, idempotency, tubPlans } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(tokens);

  r.get(
    '/tubPlan/Status',
    {
      schema: {
        tags,
        summary:
          'Whether the tub plans are launched (public: the learn-more page starts plans or takes pre-orders)',
        response: { 200: TubPlanStatusSchema },
      },
    },
    async () => tubPlans.status(),
  );

  r.get(
    '/tubPlan/Options',
    {
      schema: {
        tags,
        summary:
          'Whether the tub plans are launched, the tubs the caller may choose, their unclaimed pre-orders',
        response: { 200: TubPlanOptionsSchema },
      },
      preValidation: signedIn,
    },
    async (request) => tubPlans.options(userOf(request)),
  );

  r.get(
    '/tubPlan/Mine',
    {
      schema: { tags, summary: "The caller's tub plans", response: { 200: z.array(TubPlanSchema) } },
      preValidation: signedIn,
    },
    async (request) => tubPlans.mine(userOf(request)),
  );

  r.post(
    '/tubPlan/Start',
    {
      schema: {
        tags,
        summary:
          'Starts a Flex or Max plan: its first delivery charged once with the card (or paid by the named pre-order)',
        body: StartTubPlanBodySchema,
        response: { 200: TubPlanSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const identityId = userOf(request);
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
      const route = 'tubPlan/Start';
      const answer = await idempotency.run(
        { identityId, key, route, hash: requestHash(route, null, request.body) },
        () => tubPlans.start(identityId, request.body),
      );
      return answer.body;
    },
  );

  r.post(
    '/tubPlan/ChangeItems',
    {
      schema: {
        tags,
        summary: 'The tubs of each delivery from the next one on',
        body: ChangeTubPlanItemsBodySchema,
        response: { 200: TubPlanSchema },
      },
      preValidation: signedIn,
    },
    async (request) => tubPlans.changeItems(userOf(request), request.body),
  );

  const one = (
    path: string,
    summary: string,
    run: (identityId: string, id: string) => ReturnType<TubPlansService['skip']>,
  ) =>
    r.post(
      path,
      {
        schema: { tags, summary, body: TubPlanIdBodySchema, response: { 200: TubPlanSchema } },
        preValidation: signedIn,
      },
      async (request) => run(userOf(request), request.body.id),
    );
  one('/tubPlan/Skip', 'Skips the next delivery: no tubs and no charge on that date', tubPlans.skip);
  one('/tubPlan/Resume', 'Ends a skip or pause: the next delivery comes on its date', tubPlans.resume);
  one(
    '/tubPlan/Cancel',
    'Cancels the plan from the next delivery; a paid delivery still ships',
    tubPlans.cancel,
  );

  r.post(
    '/tubPlan/Pause',
    {
      schema: {
        tags,
        summary: 'Pauses 1-3 deliveries, then the plan resumes by itself',
        body: PauseTubPlanBodySchema,
        response: { 200: TubPlanSchema },
      },
      preValidation: signedIn,
    },
    async (request) => tubPlans.pause(userOf(request), request.body.id, request.body.deliveries),
  );
}
