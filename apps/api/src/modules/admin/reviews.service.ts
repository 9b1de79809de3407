import type { AdminReview, AdminReviewListQuery, Page } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { reviewPage, reviewRow } from '../../read-models/back-office-moderation.ts';
import { setReviewHidden } from '../reviews/index.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { iso } from './members.service.ts';

type Raw = Record<string, unknown>;

function toReview(row: Raw): AdminReview {
  return {
    id: String(row.id),
    productId: Number(row.product_id),
    productTitle: String(row.product_title),
    brandName: String(row.brand_name),
    identityId: String(row.identity_id),
    memberEmail: String(row.member_email),
    rating: Number(row.rating),
    description: String(row.description),
    helpfulCount: Number(row.helpful_count ?? 0),
    createdAt: iso(row.created_at)!,
    hiddenAt: iso(row.hidden_at),
  };
}

export type ReviewsAdminService = ReturnType<typeof createReviewsAdminService>;

/**
 * Review moderation (docs/product.md#back-office). A hidden review (`hidden_at`) is left out of every listing
 * and of matching's low ratings (reviews.repository.ts reads `hidden_at IS NULL`).
 */
export function createReviewsAdminService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async list(query: AdminReviewListQuery): Promise<Page<AdminReview>> {
      const { rows, total } = await reviewPage(db, query);
      return {
        items: rows.map(toReview),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Hides or shows a review; asking for the state it has changes and records nothing. */
    async setHidden(actor: Actor, id: string, isHidden: boolean): Promise<AdminReview> {
      return db.transaction(async (tx) => {
        const before = await reviewRow(tx, id, true);
        if (!before) throw notFound('That review');
        if ((before.hidden_at !== null && before.hidden_at !== undefined) === isHidden)
          return toReview(before);
        const at = clock();
        await setReviewHidden(tx, id, isHidden ? at : null);
        const after = await reviewRow(tx, id);
        await insertAuditRow(tx, {
          actorIdentityId: actor.id,
          actorEmail: actor.email,
          action: isHidden ? 'review.hide' : 'review.show',
          entityType: 'review',
          entityId: id,
          before: toReview(before),
          after: toReview(after!),
          createdAt: at,
        });
        return toReview(after!);
      });
    },
  };
}
