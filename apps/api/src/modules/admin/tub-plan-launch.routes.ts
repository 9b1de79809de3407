import { TubPlanLaunchResultSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BackOffice } from './back-office.ts';
import { adminActorOf as actorOf } from './guard.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The Flex and Max tub plans' launch (docs/product.md#tub-plans), audited. */
export function tubPlanLaunchRoutes(
  scope: FastifyInstance,
  backOffice: Pick<BackOffice, 'launchTubPlans'>,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // The Flex and Max tub plans' launch (docs/product.md#tub-plans).
  r.post(
    '/tub-plans/launch',
    {
      schema: {
        tags,
        security,
        summary:
          'Launches the tub plans once (idempotent, audited): the learn-more page starts plans, pre-order holders are mailed',
        response: { 200: TubPlanLaunchResultSchema },
      },
    },
    async (request) => backOffice.launchTubPlans(actorOf(request)),
  );
}
