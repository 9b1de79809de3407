import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fromJsonRow, jsonRow } from '../../db/json-rows.ts';
import { type BrandRow, brands, type ProductRow, products } from './catalog.table.ts';

/** A product row with its brand, as every product answer needs both. */
export interface CatalogProductRow extends ProductRow {
  brand: Pick<BrandRow, 'id' | 'name' | 'slug' | 'logoPath'>;
}

const brandColumns = { id: brands.id, name: brands.name, slug: brands.slug, logoPath: brands.logoPath };

/** A product's visible member reviews: how many, and their plain average (null without any). */
export interface ProductRating {
  count: number;
  average: number | null;
}

/** A product row with its brand and its rating, read in the same statement (never cached). */
export interface RatedProductRow extends CatalogProductRow {
  rating: ProductRating;
}

/**
 * A product's visible reviews as `[count, average]`, in one correlated subquery on product_reviews
 * (indexed by product_id): the rating comes with the product in one statement, so it is as fresh
 * as the price, and hidden reviews never count. One aggregate instead of two over the same rows
 * plans faster, which on PGlite (planned at every unnamed read) was about a tenth of the product
 * page's statement (docs/performance.md, "The product page's rating").
 */
const ratingColumn = sql<[number | string, number | string | null]>`(
  SELECT json_build_array(count(*), avg(r.rating)::float8) FROM product_reviews r
  WHERE r.product_id = ${products.id} AND r.hidden_at IS NULL)`;

function toRating([count, average]: [number | string, number | string | null]): ProductRating {
  return { count: Number(count), average: average === null ? null : Number(average) };
}

/**
 * The columns of a rated product read (the product, its brand, its rating), selected from
 * `products` joined to `brands`; `toRatedProduct` turns a selected row into the answer's row. The
 * product page's read for a member (read-models/product-page.ts) selects the same, so both
 * answer alike. The product's 24 columns come as one JSON value (db/json-rows.ts): the shop and
 * the product page read them at every visit.
 */
export const ratedProductColumns = { product: jsonRow(products), brand: brandColumns, rating: ratingColumn };

const productFromJson = fromJsonRow(products);

export function toRatedProduct(row: {
  product: unknown;
  brand: CatalogProductRow['brand'];
  rating: [number | string, number | string | null];
}): RatedProductRow {
  return { ...productFromJson(row.product)!, brand: row.brand, rating: toRating(row.rating) };
}

export async function listBrands(db: Db): Promise<BrandRow[]> {
  return db.select().from(brands).orderBy(asc(brands.name), asc(brands.id));
}

/** Every active product with its brand and rating, in id order. */
export async function listActiveProducts(db: Db): Promise<RatedProductRow[]> {
  const rows = await db
    .select(ratedProductColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
  return rows.map(toRatedProduct);
}

/**
 * An active product with its brand and rating (the product page's read) as one prepared
 * statement: its SQL is built once, and PostgreSQL plans it once per connection. Read fresh
 * every time (no cache).
 */
export function prepareFindActiveProduct(db: Db) {
  const statement = db
    .select(ratedProductColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1)
    .prepare('catalog_active_product');
  return async (id: number): Promise<RatedProductRow | undefined> => {
    const [row] = await statement.execute({ id });
    const product = row && toRatedProduct(row);
    return product?.isActive ? product : undefined;
  };
}

// ---------------------------------------------------------------------------------------------
// The back office's queries: archived rows included, paged, sorted and searched on the server.
// ---------------------------------------------------------------------------------------------

export type ArchiveStatus = 'active' | 'archived' | 'all';

export interface PageWindow {
  limit: number;
  offset: number;
}

/** `q` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function statusCondition(column: typeof products.isActive | typeof brands.isActive, status: ArchiveStatus) {
  if (status === 'all') return undefined;
  return eq(column, status === 'active');
}

export interface ProductPageFilter extends PageWindow {
  q?: string | undefined;
  status: ArchiveStatus;
  sort: 'title' | 'brand' | 'price' | 'discount' | 'stock' | 'updated';
  order: 'asc' | 'desc';
}

/** One page of products with their brands, and how many match in all. */
export async function listProductsPage(
  db: Db,
  filter: ProductPageFilter,
): Promise<{ rows: CatalogProductRow[]; total: number }> {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(
    statusCondition(products.isActive, filter.status),
    pattern
      ? or(ilike(products.title, pattern), ilike(products.flavor, pattern), ilike(brands.name, pattern))
      : undefined,
  );
  const column = {
    title: products.title,
    brand: brands.name,
    price: products.listPriceCents,
    discount: products.discountPercent,
    stock: products.sampleStock,
    updated: products.updatedAt,
  }[filter.sort];
  const direction = filter.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({ product: products, brand: brandColumns })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      // The id breaks ties, so a row never shows on two pages.
      .orderBy(direction(column), asc(products.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.product, brand: r.brand })), total: count?.total ?? 0 };
}

/**
 * A product with its brand, archived or not. `forUpdate` locks the product row until the
 * transaction ends, so the "before" of an edit is what the edit replaced.
 */
export async function findProductAnyState(
  db: Db,
  id: number,
  forUpdate = false,
): Promise<CatalogProductRow | undefined> {
  const query = db
    .select({ product: products, brand: brandColumns })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: products }) : await query;
  return row ? { ...row.product, brand: row.brand } : undefined;
}

export type ProductValues = Omit<typeof products.$inferInsert, 'id'>;

/** Inserts a product with the next id of products_id_seq (new ones start at 10001). */
export async function insertProduct(db: Db, values: ProductValues): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ ...values, id: sql`nextval('products_id_seq')` })
    .returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(db: Db, id: number, values: Partial<ProductValues>): Promise<void> {
  await db.update(products).set(values).where(eq(products.id, id));
}

export interface BrandPageFilter extends PageWindow {
  q?: string | undefined;
  status: ArchiveStatus;
  sort: 'name' | 'products' | 'updated';
  order: 'asc' | 'desc';
}

export interface BrandWithCount extends BrandRow {
  activeProducts: number;
}

// Written out in full: Drizzle leaves table names off columns in a one-table select, which
// would make `id` inside the subquery mean the product's id.
const activeProductCount = sql<number>`(SELECT count(*)::int FROM products p WHERE p.brand_id = brands.id AND p.is_active)`;

/** One page of brands with how many active products each has. */
export async function listBrandsPage(
  db: Db,
  filter: BrandPageFilter,
): Promise<{ rows: BrandWithCount[]; total: number }> {
  const where = and(
    statusCondition(brands.isActive, filter.status),
    filter.q ? ilike(brands.name, containsPattern(filter.q)) : undefined,
  );
  const column = {
    name: brands.name,
    products: activeProductCount,
    updated: brands.updatedAt,
  }[filter.sort];
  const direction = filter.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({ brand: brands, activeProducts: activeProductCount })
      .from(brands)
      .where(where)
      .orderBy(direction(column), asc(brands.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(brands).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.brand, activeProducts: r.activeProducts })),
    total: count?.total ?? 0,
  };
}

/** A brand with its active product count; `forUpdate` locks it until the transaction ends. */
export async function findBrand(db: Db, id: number, forUpdate = false): Promise<BrandWithCount | undefined> {
  const query = db
    .select({ brand: brands, activeProducts: activeProductCount })
    .from(brands)
    .where(eq(brands.id, id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: brands }) : await query;
  return row ? { ...row.brand, activeProducts: row.activeProducts } : undefined;
}

/** Another brand with this name (any case) or slug, if there is one. */
export async function findBrandClash(
  db: Db,
  name: string,
  slug: string,
  exceptId?: number,
): Promise<BrandRow | undefined> {
  const [row] = await db
    .select()
    .from(brands)
    .where(
      and(
        or(eq(sql`lower(${brands.name})`, name.toLowerCase()), eq(brands.slug, slug)),
        exceptId === undefined ? undefined : ne(brands.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export type BrandValues = Omit<typeof brands.$inferInsert, 'id'>;

/** Inserts a brand with the next id of brands_id_seq (new ones start at 1001). */
export async function insertBrand(db: Db, values: BrandValues): Promise<number> {
  const [row] = await db
    .insert(brands)
    .values({ ...values, id: sql`nextval('brands_id_seq')` })
    .returning({ id: brands.id });
  return row!.id;
}

export async function updateBrand(db: Db, id: number, values: Partial<BrandValues>): Promise<void> {
  await db.update(brands).set(values).where(eq(brands.id, id));
}

/** The titles and flavors of some products, whatever their state (the cart receipt names them). */
export async function productTitles(
  db: Db,
  ids: number[],
): Promise<{ id: number; title: string; flavor: string }[]> {
  return db
    .select({ id: products.id, title: products.title, flavor: products.flavor })
    .from(products)
    .where(inArray(products.id, ids));
}

/**
 * Tubs as a plan prices and names them, read in the caller's transaction (a tub plan's delivery):
 * active products only, with brand and picture for the plan's choices.
 */
export async function tubsForPlans(
  db: Db,
  ids?: readonly number[],
): Promise<
  {
    id: number;
    title: string;
    flavor: string;
    listPriceCents: number;
    tubStock: number;
    brandName: string;
    tubImagePath: string;
  }[]
> {
  return db
    .select({
      id: products.id,
      title: products.title,
      flavor: products.flavor,
      listPriceCents: products.listPriceCents,
      tubStock: products.tubStock,
      brandName: brands.name,
      tubImagePath: products.tubImagePath,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      ids ? and(eq(products.isActive, true), inArray(products.id, [...ids])) : eq(products.isActive, true),
    )
    .orderBy(asc(brands.name), asc(products.title));
}
