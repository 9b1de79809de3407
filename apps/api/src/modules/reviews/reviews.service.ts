import { randomUUID } from 'node:crypto';
import {
  type MarkReviewHelpful,
  MEMBER_QUOTES_SHOWN,
  type MemberQuotes,
  MIN_MEMBERS_FOR_FIGURE,
  MIN_REVIEWS_FOR_FIGURE,
  type MyReviews,
  type ProductReviews,
  productName,
  publicAverageRating,
  quoteExcerpt,
  type Review,
  type ReviewHelpful,
  ReviewMessages,
  type ReviewSort,
  type SaveReview,
  type StoreFigures,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { newestQuotes } from '../../read-models/member-quotes.ts';
import { ratingsWithBrands, storeFigures, visibleReviewsOf } from '../../read-models/product-reviews.ts';
import * as repo from './reviews.repository.ts';
import type { ProductReviewRow } from './reviews.table.ts';

/** A rating at or below this is a low rating: the product is not picked again (docs/product.md#reviews). */
export const LOW_RATING = 2;

export interface ReviewsServiceDeps {
  db: Db;
  clock: () => Date;
  /** The products the member has had in a paid box. */
  unlockedProductIds: (identityId: string) => Promise<ReadonlySet<number>>;
  /** From how many members and reviews the home page's figures show; the contracts' by default. */
  figureThresholds?: { members: number; reviews: number };
}

/** What matching reads of a member's reviews. */
export interface LowRatings {
  /** Products rated 1-2 stars: never picked again for this member. */
  productIds: ReadonlySet<number>;
  /** Brands whose reviews by this member average 2 stars or less: they lose score. */
  brandIds: ReadonlySet<number>;
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** How many of a product's reviews its page lists. */
export const PRODUCT_REVIEWS_LISTED = 20;

/** The first word of the first name only; nothing of the surname or the email ever leaves. */
function firstNameOnly(firstName: string | null): string {
  const first = firstName?.trim().split(/\s+/)[0];
  return first ? first : 'A member';
}

function toReview(row: ProductReviewRow): Review {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    description: row.description,
    agreementConfirmation: row.agreementConfirmation,
    dateCreated: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

export function createReviewsService({
  db,
  clock,
  unlockedProductIds,
  figureThresholds = { members: MIN_MEMBERS_FOR_FIGURE, reviews: MIN_REVIEWS_FOR_FIGURE },
}: ReviewsServiceDeps) {
  return {
    /** POST productReview/Save: a product the member had in a paid box; a second review updates the first. */
    async save(identityId: string, input: SaveReview): Promise<Review> {
      if (!(await unlockedProductIds(identityId)).has(input.productId)) {
        throw forbidden(ReviewMessages.notInBox);
      }
      const row = await repo.upsertReview(
        db,
        {
          id: randomUUID(),
          identityId,
          productId: input.productId,
          rating: input.rating,
          description: input.description,
          agreementConfirmation: input.agreementConfirmation,
        },
        clock(),
      );
      return toReview(row);
    },

    /** The member's review of a product, or undefined. */
    async find(identityId: string, productId: number): Promise<Review | undefined> {
      const row = await repo.findReview(db, identityId, productId);
      return row ? toReview(row) : undefined;
    },

    /** GET productReview/GetMyReviews: what the member wrote, to show "Reviewed" and reopen it. */
    async mine(identityId: string): Promise<MyReviews> {
      return { reviews: (await repo.reviewsOf(db, identityId)).map(toReview) };
    },

    /**
     * GET productReview/GetProductReviews: the visible reviews of a product for everyone, first
     * names only (a member without one shows as "A member"), the average only from enough reviews,
     * most helpful first unless `sort` says newest. `viewerId` marks the caller's votes and reviews.
     */
    async ofProduct(productId: number, sort: ReviewSort, viewerId?: string): Promise<ProductReviews> {
      const { count, average, rows } = await visibleReviewsOf(db, productId, {
        limit: PRODUCT_REVIEWS_LISTED,
        sort,
        viewerId,
      });
      return {
        productId,
        reviewCount: count,
        averageRating: publicAverageRating(count, average),
        sort,
        reviews: rows.map((r) => ({
          id: r.id,
          firstName: firstNameOnly(r.firstName),
          rating: r.rating,
          description: r.description,
          dateCreated: r.createdAt.toISOString(),
          helpfulCount: r.helpfulCount,
          isMarkedHelpful: r.isMarkedHelpful,
          isMine: r.isMine,
        })),
      };
    },

    /**
     * POST productReview/MarkHelpful: one vote per member and visible review; the writer cannot
     * vote on their own. A hidden or unknown review is not found, the same answer for both.
     */
    async markHelpful(identityId: string, input: MarkReviewHelpful): Promise<ReviewHelpful> {
      const writerId = await repo.visibleReviewWriter(db, input.reviewId);
      if (!writerId) throw notFound('That review');
      if (writerId === identityId) throw forbidden(ReviewMessages.ownReview);
      const helpfulCount = await repo.setHelpfulVote(
        db,
        { reviewId: input.reviewId, identityId, isHelpful: input.isHelpful },
        clock(),
      );
      return { reviewId: input.reviewId, helpfulCount, isMarkedHelpful: input.isHelpful };
    },

    /**
     * GET productReview/GetStoreFigures: the home page's figures, counted now from the database;
     * each is null while below its threshold (docs/look-and-trust.md#social-proof).
     */
    async storeFigures(): Promise<StoreFigures> {
      const { members, reviewCount, average } = await storeFigures(db);
      const enoughReviews = reviewCount >= figureThresholds.reviews;
      return {
        members: members >= figureThresholds.members ? members : null,
        reviewCount: enoughReviews ? reviewCount : null,
        averageRating: enoughReviews ? publicAverageRating(reviewCount, average) : null,
      };
    },

    /**
     * GET productReview/GetMemberQuotes: the newest members' words for the home page, one per
     * member and any rating, or none while the store has too few reviews to quote from
     * (docs/look-and-trust.md#member-quotes).
     */
    async memberQuotes(): Promise<MemberQuotes> {
      const { visibleCount, rows } = await newestQuotes(db, MEMBER_QUOTES_SHOWN);
      if (visibleCount < figureThresholds.reviews || rows.length < MEMBER_QUOTES_SHOWN) return { quotes: [] };
      return {
        quotes: rows.map((r) => ({
          id: r.id,
          firstName: firstNameOnly(r.firstName),
          rating: r.rating,
          text: quoteExcerpt(r.description),
          productName: productName({ title: r.title, flavor: r.flavor }),
          dateCreated: r.createdAt.toISOString(),
        })),
      };
    },

    /** The member's low-rated products and brands, for matching. */
    async lowRatings(identityId: string): Promise<LowRatings> {
      const rows = await ratingsWithBrands(db, identityId);
      const productIds = new Set(rows.filter((r) => r.rating <= LOW_RATING).map((r) => r.productId));
      const byBrand = new Map<number, number[]>();
      for (const r of rows) byBrand.set(r.brandId, [...(byBrand.get(r.brandId) ?? []), r.rating]);
      const brandIds = new Set<number>();
      for (const [brandId, ratings] of byBrand) {
        if (ratings.reduce((a, b) => a + b, 0) / ratings.length <= LOW_RATING) brandIds.add(brandId);
      }
      return { productIds, brandIds };
    },
  };
}
