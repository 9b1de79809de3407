import { eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { brands, products } from '../modules/catalog/catalog.table.ts';
import { type RatedProductRow, ratedProductColumns, toRatedProduct } from '../modules/catalog/index.ts';
import { PAID_ORDER_STATUSES } from '../modules/orders/index.ts';

/*
 * The product page's read (GET product/GetItem): the catalog's product with its brand and rating,
 * and whether the signed-in member unlocked it, in one prepared statement. Read fresh every time:
 * the price and the unlock are never cached.
 */

const paidStatuses = sql.raw(PAID_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Whether the product was in one of the member's paid boxes or orders (docs/product.md#unlocking),
 * as a boolean column; false for a null member (a visitor). The cart's add reads it with the cart.
 */
export function unlockedBy(
  identityId: string | null | Placeholder,
  productId: number | Placeholder | SQLWrapper,
): SQL<boolean> {
  // The CASE keeps a visitor's read (a null member) from running the lookup at all.
  return sql<boolean>`CASE WHEN ${identityId}::uuid IS NULL THEN false ELSE EXISTS (
    SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.identity_id = ${identityId}::uuid AND o.status IN (${paidStatuses}) AND i.product_id = ${productId}) END`;
}

/** An active product for the product page, with whether the reader unlocked it. */
export interface ProductPageRow extends RatedProductRow {
  unlocked: boolean;
}

/**
 * Prepared once per database: the active product of this id with its brand and rating (the
 * catalog's `findProduct`, column for column) and whether `identityId` unlocked it (null for a
 * visitor: false). Undefined for an unknown or archived product.
 */
export function prepareProductPage(db: Db) {
  const statement = db
    .select({
      ...ratedProductColumns,
      unlocked: unlockedBy(sql.placeholder('identityId'), products.id),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1)
    .prepare('product_page');
  return async (id: number, identityId: string | null): Promise<ProductPageRow | undefined> => {
    const [row] = await statement.execute({ id, identityId });
    if (!row) return undefined;
    const product = toRatedProduct(row);
    return product.isActive ? { ...product, unlocked: row.unlocked === true } : undefined;
  };
}
