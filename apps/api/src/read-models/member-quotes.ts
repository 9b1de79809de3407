import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

// The home page's member quotes (docs/look-and-trust.md#member-quotes): a read over the reviews',
// the accounts' and the catalog's tables, so it lives here.

/**
 * The newest visible reviews with words, at most one per member (their newest), with the
 * reviewer's first name and the product's title and flavor; and how many visible reviews exist.
 * Reads the newest reviews by `product_reviews_created_idx`; the reviews module shapes the quotes.
 */
export async function newestQuotes(
  db: Db,
  limit: number,
): Promise<{
  visibleCount: number;
  rows: {
    id: string;
    firstName: string | null;
    rating: number;
    description: string;
    title: string;
    flavor: string;
    createdAt: Date;
  }[];
}> {
  const total = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM product_reviews WHERE hidden_at IS NULL`,
  );
  const listed = await db.execute<{
    id: string;
    first_name: string | null;
    rating: number;
    description: string;
    title: string;
    flavor: string;
    created_at: string | Date;
  }>(sql`
    SELECT q.id, i.first_name, q.rating, q.description, p.title, p.flavor, q.created_at
    FROM (
      SELECT DISTINCT ON (r.identity_id) r.id, r.identity_id, r.product_id, r.rating, r.description, r.created_at
      FROM product_reviews r
      WHERE r.hidden_at IS NULL AND length(btrim(r.description)) > 0
      ORDER BY r.identity_id, r.created_at DESC, r.id
    ) q
    JOIN identities i ON i.id = q.identity_id
    JOIN products p ON p.id = q.product_id
    ORDER BY q.created_at DESC, q.id
    LIMIT ${limit}`);
  return {
    visibleCount: Number(total.rows[0]?.n ?? 0),
    rows: listed.rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      rating: Number(r.rating),
      description: r.description,
      title: r.title,
      flavor: r.flavor,
      createdAt: new Date(r.created_at),
    })),
  };
}
