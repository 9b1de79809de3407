import type { AdminReview, AdminReviewListQuery, Page } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { iso } from './members.service.ts';

type Raw = Record<string, unknown>;

const SELECT = sql`
  SELECT r.id, r.product_id, p.title AS product_title, b.name AS brand_name, r.identity_id,
    i.email AS member_email, r.rating, r.description, r.created_at, r.hidden_at,
    (SELECT count(*)::int FROM review_helpful_votes v WHERE v.review_id = r.id) AS helpful_count
  FROM product_reviews r
  JOIN products p ON p.id = r.product_id
  JOIN brands b ON b.id = p.brand_id
  JOIN identities i ON i.id = r.identity_id`;

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
      const conditions = [
        query.rating !== undefined ? sql`r.rating = ${query.rating}` : undefined,
        query.productId !== undefined ? sql`r.product_id = ${query.productId}` : undefined,
        query.hidden === 'hidden' ? sql`r.hidden_at IS NOT NULL` : undefined,
        query.hidden === 'visible' ? sql`r.hidden_at IS NULL` : undefined,
      ].filter((c) => c !== undefined);
      const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const [rows, count] = await Promise.all([
        db.execute<Raw>(sql`${SELECT} ${where}
          ORDER BY r.created_at ${sql.raw(direction)}, r.id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM product_reviews r ${where}`),
      ]);
      return {
        items: rows.rows.map(toReview),
        total: Number(count.rows[0]?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Hides or shows a review; asking for the state it has changes and records nothing. */
    async setHidden(actor: Actor, id: string, isHidden: boolean): Promise<AdminReview> {
      return db.transaction(async (tx) => {
        const [before] = (await tx.execute<Raw>(sql`${SELECT} WHERE r.id = ${id} FOR UPDATE OF r`)).rows;
        if (!before) throw notFound('That review');
        if ((before.hidden_at !== null && before.hidden_at !== undefined) === isHidden)
          return toReview(before);
        const at = clock();
        await tx.execute(sql`UPDATE product_reviews SET hidden_at = ${isHidden ? at.toISOString() : null}
          WHERE id = ${id}`);
        const [after] = (await tx.execute<Raw>(sql`${SELECT} WHERE r.id = ${id}`)).rows;
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
