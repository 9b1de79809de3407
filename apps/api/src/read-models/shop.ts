import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { identities } from '../modules/accounts/accounts.table.ts';
import { brands, products } from '../modules/catalog/catalog.table.ts';
import type { CatalogProductRow, ProductRating } from '../modules/catalog/index.ts';
import { PAID_ORDER_STATUSES } from '../modules/orders/index.ts';

/** What the shop needs to know about one member, read in one statement. */
export interface ShopMemberFacts {
  /** Products that were in one of the member's paid boxes or orders (docs/product.md#unlocking). */
  unlockedIds: number[];
  dietaryPreferences: number[];
  dietaryRestrictions: number[];
  /** The live membership's next renewal date, skipped cycles passed over; null without one. */
  nextBoxAt: Date | null;
  /** Changes whenever a product or brand is added, edited, archived or restocked. */
  catalogVersion: string;
  /** Every reviewed product's visible reviews (count and average), read now, never cached. */
  ratings: Map<number, ProductRating>;
}

const paidStatuses = sql.raw(PAID_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

const toIntArray = (value: unknown): number[] => {
  if (Array.isArray(value)) return value.map(Number);
  // A driver that does not parse arrays answers the text form "{1,2}".
  if (typeof value === 'string' && value.length > 2) return value.slice(1, -1).split(',').map(Number);
  return [];
};

/** The [product id, count, average] triples of the facts statement as a map. */
function toRatings(value: unknown): Map<number, ProductRating> {
  const triples = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as [
    number,
    number,
    number | null,
  ][];
  return new Map(
    triples.map(([id, n, average]) => [
      Number(id),
      { count: Number(n), average: average === null ? null : Number(average) },
    ]),
  );
}

/**
// Written out in full (identities.id): Drizzle leaves table names off columns in a one-table select.
 * Prepared once per database: the member's unlocked product ids (one grouped read of their paid
 * orders, not one per product), their latest quiz's diet and restrictions, the next box date,
 * and a fingerprint of the catalog that tells whether the cached product answers still hold.
 */
export function prepareMemberFacts(db: Db) {
  const statement = db
    .select({
      unlocked: sql<unknown>`(
        SELECT coalesce(array_agg(DISTINCT i.product_id), '{}'::int[]) FROM order_items i
        JOIN orders o ON o.id = i.order_id
        WHERE o.identity_id = identities.id AND o.status IN (${paidStatuses}))`,
      quiz: sql<unknown>`(
        SELECT json_build_object('p', q.dietary_preferences, 'r', q.dietary_restrictions) FROM quizzes q
        WHERE q.identity_id = identities.id ORDER BY q.updated_at DESC LIMIT 1)`,
      nextBoxAt: sql<Date | string | null>`(
        SELECT s.next_billing_at + make_interval(days => s.skip_cycles * s.schedule_days) FROM subscriptions s
        WHERE s.identity_id = identities.id AND s.status <> 'canceled'
        ORDER BY s.created_at DESC LIMIT 1)`,
      catalogVersion: sql<string>`(
        SELECT concat(count(*), ':', count(*) FILTER (WHERE p.is_active), ':', max(p.updated_at), ':',
          sum(p.sample_stock), '/', (SELECT concat(count(*), ':', count(*) FILTER (WHERE b.is_active), ':',
          max(b.updated_at)) FROM brands b)) FROM products p)`,
      ratings: sql<unknown>`(
        SELECT coalesce(json_agg(json_build_array(g.product_id, g.n, g.average)), '[]'::json) FROM (
          SELECT product_id, count(*)::int AS n, avg(rating)::float8 AS average FROM product_reviews
          WHERE hidden_at IS NULL GROUP BY product_id) g)`,
    })
    .from(identities)
    .where(eq(identities.id, sql.placeholder('id')))
    .limit(1)
    .prepare('shop_member_facts');

  return async (identityId: string): Promise<ShopMemberFacts> => {
    const row = (await statement.execute({ id: identityId }))[0];
    const quiz = (typeof row?.quiz === 'string' ? JSON.parse(row.quiz) : row?.quiz) as
      | { p: unknown; r: unknown }
      | null
      | undefined;
    return {
      unlockedIds: toIntArray(row?.unlocked),
      dietaryPreferences: toIntArray(quiz?.p),
      dietaryRestrictions: toIntArray(quiz?.r),
      nextBoxAt: row?.nextBoxAt ? new Date(row.nextBoxAt) : null,
      catalogVersion: row?.catalogVersion ?? '',
      ratings: toRatings(row?.ratings),
    };
  };
}

/** Prepared once: every product on sale (product and brand not archived), with its brand, in id order. */
export function prepareShopCatalog(db: Db) {
  const statement = db
    .select({
      product: products,
      brand: { id: brands.id, name: brands.name, slug: brands.slug, logoPath: brands.logoPath },
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isActive, true), eq(brands.isActive, true)))
    .orderBy(asc(products.id))
    .prepare('shop_catalog');
  return async (): Promise<CatalogProductRow[]> =>
    (await statement.execute()).map((r) => ({ ...r.product, brand: r.brand }));
}
