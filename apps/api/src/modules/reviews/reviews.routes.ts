import {
  MarkReviewHelpfulSchema,
  MemberQuotesSchema,
  MyReviewsSchema,
  ProductReviewsQuerySchema,
  ProductReviewsSchema,
  ReviewHelpfulSchema,
  ReviewSchema,
  SaveReviewSchema,
  StoreFiguresSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AccessTokens, optionalUser, requireUser, userOf } from '../../http/auth.ts';
import type { ReviewsService } from './reviews.service.ts';

export interface ReviewsRoutesOptions {
  reviews: ReviewsService;
  tokens: AccessTokens;
}

/** productReview calls (docs/product.md#calls). */
export async function reviewsRoutes(app: FastifyInstance, options: ReviewsRoutesOptions) {
  const { reviews, tokens } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/productReview/Save',
    {
      schema: {
        tags: ['reviews'],
        summary: "The member's review of a product from one of their paid boxes; a second one updates it",
        body: SaveReviewSchema,
        response: { 200: ReviewSchema },
      },
      preValidation: requireUser(tokens),
    },
    async (request) => reviews.save(userOf(request), request.body),
  );

  r.get(
    '/productReview/GetMyReviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "The signed-in member's own reviews, to show which samples are reviewed and reopen one",
        response: { 200: MyReviewsSchema },
      },
      preValidation: requireUser(tokens),
    },
    async (request) => reviews.mine(userOf(request)),
  );

  r.get(
    '/productReview/GetProductReviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A product's visible reviews (first names only), most helpful or newest first, their count and average; with a token, which ones the caller marked helpful or wrote",
        querystring: ProductReviewsQuerySchema,
        response: { 200: ProductReviewsSchema },
      },
      preHandler: optionalUser(tokens),
    },
    async (request) => reviews.ofProduct(request.query.productId, request.query.sort, request.identityId),
  );

  r.post(
    '/productReview/MarkHelpful',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "Marks or unmarks the member's helpful vote on someone else's visible review (one per member); answers the new count",
        body: MarkReviewHelpfulSchema,
        response: { 200: ReviewHelpfulSchema },
      },
      preValidation: requireUser(tokens),
    },
    async (request) => reviews.markHelpful(userOf(request), request.body),
  );

  r.get(
    '/productReview/GetStoreFigures',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "The store's real figures for the home page (members, visible reviews, their average), each null while too few to mean anything",
        response: { 200: StoreFiguresSchema },
      },
    },
    async () => reviews.storeFigures(),
  );

  r.get(
    '/productReview/GetMemberQuotes',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "The newest members' review words for the home page (first names only, one per member, any rating); empty while the store has too few reviews",
        response: { 200: MemberQuotesSchema },
      },
    },
    async () => reviews.memberQuotes(),
  );
}
