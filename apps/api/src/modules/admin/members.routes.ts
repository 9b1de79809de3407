import {
  AdminCancelInputSchema,
  AdminMemberDetailSchema,
  AdminMemberListQuerySchema,
  AdminMemberPageSchema,
  AdminOrderIdParamsSchema,
  AdminPauseInputSchema,
  AdminRefundInputSchema,
  AdminRefundSchema,
  AdminScheduleInputSchema,
  AdminUuidParamsSchema,
  CheckoutIdentitySchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.ts';
import { adminActorOf } from './guard.ts';
import type { MembersService } from './members.service.ts';
import type { RefundsService } from './refunds.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The operator set by the back office's guard (admin.routes.ts). */

/**
 * Members, their memberships and refunds (docs/product.md#back-office). Registered inside the back office's
 * guarded scope, so every route answers 401/403 before its body is read.
 */
export function membersRoutes(
  scope: FastifyInstance,
  { members, refunds }: { members: MembersService; refunds: Pick<RefundsService, 'refundOrder'> },
) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const params = AdminUuidParamsSchema;

  r.get(
    '/members',
    {
      schema: {
        tags,
        security,
        summary: 'People, searched by email or name, sorted and paged on the server',
        querystring: AdminMemberListQuerySchema,
        response: { 200: AdminMemberPageSchema },
      },
    },
    async (request) => members.list(request.query),
  );
  r.get(
    '/members/:id',
    {
      schema: {
        tags,
        security,
        summary: "A member's membership, cycles, orders, payments, refunds, reviews and referrals",
        params,
        response: { 200: AdminMemberDetailSchema },
      },
    },
    async (request) => {
      const found = await members.getDetail(request.params.id);
      if (!found) throw notFound('That member');
      return found;
    },
  );
  r.post(
    '/members/:id/schedule',
    {
      schema: {
        tags,
        security,
        summary: "Changes the member's delivery schedule (the member's own rules)",
        params,
        body: AdminScheduleInputSchema,
        response: { 200: AdminMemberDetailSchema },
      },
    },
    async (request) => members.changeSchedule(adminActorOf(request), request.params.id, request.body.days),
  );
  r.post(
    '/members/:id/skip-next',
    {
      schema: {
        tags,
        security,
        summary: "Skips the member's next box and charge",
        params,
        response: { 200: AdminMemberDetailSchema },
      },
    },
    async (request) => members.skipNext(adminActorOf(request), request.params.id),
  );
  r.post(
    '/members/:id/pause',
    {
      schema: {
        tags,
        security,
        summary: "Pauses the member's boxes and charges for 1-3 renewals (the member's own rules)",
        params,
        body: AdminPauseInputSchema,
        response: { 200: AdminMemberDetailSchema },
      },
    },
    async (request) => members.pause(adminActorOf(request), request.params.id, request.body.cycles),
  );
  r.post(
    '/members/:id/shipping-address',
    {
      schema: {
        tags,
        security,
        summary: "Changes where the member's boxes ship: renewals and every box not shipped yet",
        params,
        body: CheckoutIdentitySchema,
        response: { 200: AdminMemberDetailSchema },
      },
    },
    async (request) => members.updateShippingAddress(adminActorOf(request), request.params.id, request.body),
  );
  r.post(
    '/members/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: "Cancels the member's membership with a reason; a paid box still ships",
        params,
        body: AdminCancelInputSchema,
        response: { 200: AdminMemberDetailSchema },
      },
    },
    async (request) => members.cancel(adminActorOf(request), request.params.id, request.body.reason),
  );
  r.post(
    '/orders/:id/refunds',
    {
      schema: {
        tags,
        security,
        summary:
          'Refunds an order in full or in part through the payment provider (key refund:{order}:{n}); the same requestId refunds once',
        params: AdminOrderIdParamsSchema,
        body: AdminRefundInputSchema,
        response: { 200: AdminRefundSchema },
      },
    },
    async (request) => refunds.refundOrder(adminActorOf(request), request.params.id, request.body),
  );
}
