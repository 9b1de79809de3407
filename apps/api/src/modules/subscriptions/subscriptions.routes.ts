import {
  CancelSubscriptionQuerySchema,
  type ConfirmRenewalAnswer,
  ConfirmRenewalAnswerSchema,
  PauseSubscriptionQuerySchema,
  type RenewalConfirmation,
  RenewalConfirmationSchema,
  ReportIssueBodySchema,
  SubscriptionSchema,
  UpdateDeliveryScheduleQuerySchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import type { SubscriptionActions } from './subscription-actions.ts';

export interface SubscriptionsRoutesOptions {
  subscriptionActions: SubscriptionActions;
  /** The cycle engine's on-session renewal confirmation; the composition root passes the cycles module's engine. */
  cycles: RenewalConfirmations;
  tokens: AccessTokens;
  config: Config;
  clock: () => Date;
}

const tags = ['membership'];

/** What these routes need of the cycle engine (docs/reliability.md#d6), declared here so subscriptions never imports cycles. */
export interface RenewalConfirmations {
  renewalConfirmation(identityId: string): Promise<RenewalConfirmation>;
  confirmRenewal(identityId: string, at: Date): Promise<ConfirmRenewalAnswer>;
}

/** The member's membership actions (docs/product.md#membership-cycle); every call needs a member, whatever the web app shows. */
export async function subscriptionsRoutes(app: FastifyInstance, options: SubscriptionsRoutesOptions) {
  const { subscriptionActions: actions, tokens, cycles } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(tokens);

  // The cycle engine sweeps every minute through the scheduler's membership-sweep job (app.ts).

  const answer = { 200: SubscriptionSchema };

  r.post(
    '/user/UpdateDeliverySchedule',
    {
      schema: {
        tags,
        summary: 'Every 30, 45 or 60 days; moves the next billing date, charges nothing now',
        querystring: UpdateDeliveryScheduleQuerySchema,
        response: answer,
      },
      preValidation: signedIn,
    },
    async (request) => actions.updateDeliverySchedule(userOf(request), request.query.deliveryDuration),
  );

  r.post(
    '/user/CancelSubscription',
    {
      schema: {
        tags,
        summary: 'Stops future renewals with a reason (0-3); a second cancel changes nothing',
        querystring: CancelSubscriptionQuerySchema,
        response: answer,
      },
      preValidation: signedIn,
    },
    async (request) => actions.cancel(userOf(request), request.query.cancelReason),
  );

  r.post(
    '/user/SkipNextBox',
    {
      schema: { tags, summary: 'No box and no charge at the next renewal', response: answer },
      preValidation: signedIn,
    },
    async (request) => actions.skipNext(userOf(request)),
  );

  r.post(
    '/user/PauseSubscription',
    {
      schema: {
        tags,
        summary: 'No box and no charge for 1-3 renewals, then it resumes by itself',
        querystring: PauseSubscriptionQuerySchema,
        response: answer,
      },
      preValidation: signedIn,
    },
    async (request) => actions.pause(userOf(request), request.query.cycles),
  );

  r.post(
    '/user/ResumeSubscription',
    { schema: { tags, summary: 'Ends a pause or a skip', response: answer }, preValidation: signedIn },
    async (request) => actions.resume(userOf(request)),
  );

  r.post(
    '/user/RestartSubscription',
    {
      schema: {
        tags,
        summary: 'A canceled membership starts again, charged to the saved card now',
        response: answer,
      },
      preValidation: signedIn,
    },
    async (request) => actions.restart(userOf(request)),
  );

  r.get(
    '/user/RenewalConfirmation',
    {
      schema: {
        tags,
        summary:
          "The renewal waiting for the member's bank confirmation (docs/reliability.md#d6); 404 when none",
        response: { 200: RenewalConfirmationSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cycles.renewalConfirmation(userOf(request)),
  );

  r.post(
    '/user/ConfirmRenewalPayment',
    {
      schema: {
        tags,
        summary: 'The member confirms that renewal on-session; the cycle is billed once it succeeds',
        response: { 200: ConfirmRenewalAnswerSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cycles.confirmRenewal(userOf(request), options.clock()),
  );

  r.post(
    '/membership/ReportIssue',
    {
      schema: {
        tags,
        summary: "A problem with the member's box, stored and mailed to the store",
        body: ReportIssueBodySchema,
        response: { 200: z.object({ id: z.string() }) },
      },
      preValidation: signedIn,
    },
    async (request) => actions.reportIssue(userOf(request), request.body.text),
  );
}
