import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type BrandRow, brands, type ProductRow, products } from './catalog.table.ts';

/** A product row with its brand, as every product answer needs both. */
export interface CatalogProductRow extends ProductRow {
  brand: Pick<BrandRow, 'id' | 'name' | 'slug' | 'logoPath'>;
}

const brandColumns = { id: brands.id, name: brands.name, slug: brands.slug, logoPath: brands.logoPath };

export async function listBrands(db: Db): Promise<BrandRow[]> {
  return db.select().from(brands).orderBy(asc(brands.name), asc(brands.id));
}

/** Every active product with its brand, in id order. */
export async function listActiveProducts(db: Db): Promise<CatalogProductRow[]> {
  const rows = await db
    .select({ product: products, brand: brandColumns })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
  return rows.map((r) => ({ ...r.product, brand: r.brand }));
}

export async function findActiveProduct(db: Db, id: number): Promise<CatalogProductRow | undefined> {
  const [row] = await db
    .select({ product: products, brand: brandColumns })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row?.product.isActive) return undefined;
  return { ...row.product, brand: row.brand };
}
