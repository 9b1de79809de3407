import {
  AdminCouponInputSchema,
  AdminCouponListQuerySchema,
  AdminCouponPageSchema,
  AdminCouponSchema,
  AdminUuidParamsSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CouponsAdminService } from './coupons.service.ts';
import { adminActorOf } from './guard.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Coupons (docs/product.md#back-office), inside the back office's guarded scope. */
export function couponsRoutes(scope: FastifyInstance, coupons: CouponsAdminService) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Coupons with their usage (redemptions), sorted and paged',
        querystring: AdminCouponListQuerySchema,
        response: { 200: AdminCouponPageSchema },
      },
    },
    async (request) => coupons.list(request.query),
  );
  r.post(
    '/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a coupon: percent (1-100) or fixed cents, optional start, expiry and use limit',
        body: AdminCouponInputSchema,
        response: { 201: AdminCouponSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await coupons.create(adminActorOf(request), request.body)),
  );
  r.post(
    '/coupons/:id/expire',
    {
      schema: {
        tags,
        security,
        summary: 'Ends a coupon now',
        params: AdminUuidParamsSchema,
        response: { 200: AdminCouponSchema },
      },
    },
    async (request) => coupons.expireNow(adminActorOf(request), request.params.id),
  );
  for (const [action, isActive] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    r.post(
      `/coupons/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary: isActive
            ? 'Turns a deactivated coupon back on'
            : 'Turns a coupon off: members can no longer apply it',
          params: AdminUuidParamsSchema,
          response: { 200: AdminCouponSchema },
        },
      },
      async (request) => coupons.setActive(adminActorOf(request), request.params.id, isActive),
    );
  }
}
