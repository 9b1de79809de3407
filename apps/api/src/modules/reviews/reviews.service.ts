import { randomUUID } from 'node:crypto';
import { type Review, ReviewMessages, type SaveReview } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { forbidden } from '../../http/errors.ts';
import * as repo from './reviews.repository.ts';
import type { ProductReviewRow } from './reviews.table.ts';

/** A rating at or below this is a low rating: the product is not picked again (DESIGN §5). */
export const LOW_RATING = 2;

export interface ReviewsServiceDeps {
  db: Db;
  clock: () => Date;
  /** The products the member has had in a paid box. */
  unlockedProductIds: (identityId: string) => Promise<ReadonlySet<number>>;
}

/** What matching reads of a member's reviews. */
export interface LowRatings {
  /** Products rated 1-2 stars: never picked again for this member. */
  productIds: ReadonlySet<number>;
  /** Brands whose reviews by this member average 2 stars or less: they lose score. */
  brandIds: ReadonlySet<number>;
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

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

export function createReviewsService({ db, clock, unlockedProductIds }: ReviewsServiceDeps) {
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

    /** The member's low-rated products and brands, for matching. */
    async lowRatings(identityId: string): Promise<LowRatings> {
      const rows = await repo.ratingsWithBrands(db, identityId);
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
