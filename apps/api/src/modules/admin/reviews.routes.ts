import {
  AdminReviewHiddenSchema,
  AdminReviewListQuerySchema,
  AdminReviewPageSchema,
  AdminReviewSchema,
  AdminUuidParamsSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActorOf } from './guard.ts';
import type { ReviewsAdminService } from './reviews.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Review moderation (docs/product.md#back-office), inside the back office's guarded scope. */
export function reviewModerationRoutes(scope: FastifyInstance, reviews: ReviewsAdminService) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/reviews',
    {
      schema: {
        tags,
        security,
        summary: 'Product reviews, filtered by rating, product or hidden, newest first, paged',
        querystring: AdminReviewListQuerySchema,
        response: { 200: AdminReviewPageSchema },
      },
    },
    async (request) => reviews.list(request.query),
  );
  r.post(
    '/reviews/:id/hidden',
    {
      schema: {
        tags,
        security,
        summary: 'Hides a review from every listing and from matching, or shows it again',
        params: AdminUuidParamsSchema,
        body: AdminReviewHiddenSchema,
        response: { 200: AdminReviewSchema },
      },
    },
    async (request) => reviews.setHidden(adminActorOf(request), request.params.id, request.body.isHidden),
  );
}
