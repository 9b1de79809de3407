import {
  type AdminBrand,
  type AdminBrandInput,
  type AdminBrandListQuery,
  type AdminCatalogOptions,
  type AdminProduct,
  type AdminProductInput,
  type AdminProductListQuery,
  type AdminProductRow,
  memberTubPriceCents,
  type Page,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  type BrandWithCount,
  type CatalogProductRow,
  findBrand,
  findBrandClash,
  findProductAnyState,
  insertBrand,
  insertProduct,
  listBrands,
  listBrandsPage,
  listProductsPage,
  type ProductValues,
  updateBrand,
  updateProduct,
} from './catalog.repository.ts';
import type { NutritionFacts } from './catalog.table.ts';
import { Flavors, Textures } from './reference-lists.ts';

/**
 * Catalog editing for the back office. Every write takes the caller's transaction, so the
 * admin module records the audit row in the same one; nothing here caches, and the caller
 * forgets the catalog's cached lists once the transaction commits.
 */

/** A write's result: the entity as it was and as it is now (the audit row keeps both). */
export interface Change<T> {
  before: T | undefined;
  after: T;
}

const GRAMS_PER_POUND = 453.592;
const flavorIds = new Set(Flavors.map((f) => f.id));
const textureIds = new Set(Textures.map((t) => t.id));

export function toAdminProduct(row: CatalogProductRow): AdminProduct {
  const n = row.nutrition;
  return {
    id: row.id,
    brandId: row.brandId,
    brandName: row.brand.name,
    title: row.title,
    flavor: row.flavor,
    flavorIds: row.flavorIds,
    proteinType: row.proteinType,
    textureId: row.textureId,
    allergens: row.allergens,
    diets: row.diets,
    gramsProtein: row.gramsProtein,
    sizeLbs: row.sizeLbs,
    description: row.description,
    suggestedUse: row.suggestedUse,
    nutrition: {
      servingSizeG: n.servingSizeG,
      calories: n.calories,
      totalFatG: n.totalFatG,
      totalCarbsG: n.totalCarbsG,
      fiberG: n.fiberG,
      totalSugarsG: n.totalSugarsG,
      ingredients: n.ingredients,
    },
    listPriceCents: row.listPriceCents,
    discountPercent: row.discountPercent,
    memberPriceCents: memberTubPriceCents(row.listPriceCents, row.discountPercent),
    sampleStock: row.sampleStock,
    tubStock: row.tubStock,
    tubImagePath: row.tubImagePath,
    sampleImagePath: row.sampleImagePath,
    nutritionImagePath: row.nutritionImagePath,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminProductRow(row: CatalogProductRow): AdminProductRow {
  return {
    id: row.id,
    brandId: row.brandId,
    brandName: row.brand.name,
    title: row.title,
    flavor: row.flavor,
    proteinType: row.proteinType,
    listPriceCents: row.listPriceCents,
    discountPercent: row.discountPercent,
    memberPriceCents: memberTubPriceCents(row.listPriceCents, row.discountPercent),
    sampleStock: row.sampleStock,
    tubStock: row.tubStock,
    tubImagePath: row.tubImagePath,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAdminBrand(row: BrandWithCount): AdminBrand {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logoPath: row.logoPath,
    isActive: row.isActive,
    activeProducts: row.activeProducts,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The URL-safe form of a brand name ("Velvet Scoop" -> "velvet-scoop"). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'brand';
}

/** The full label kept in the database: what the form edits, the rest kept (or 0 on a new product). */
function nutritionOf(input: AdminProductInput, previous?: NutritionFacts): NutritionFacts {
  const blank: NutritionFacts = {
    servingSizeG: 0,
    servingsPerContainer: 0,
    calories: 0,
    totalFatG: 0,
    saturatedFatG: 0,
    transFatG: 0,
    cholesterolMg: 0,
    sodiumMg: 0,
    totalCarbsG: 0,
    fiberG: 0,
    totalSugarsG: 0,
    addedSugarsG: 0,
    proteinG: 0,
    vitaminDMcg: 0,
    calciumMg: 0,
    ironMg: 0,
    potassiumMg: 0,
    ingredients: '',
  };
  const n = input.nutrition;
  return {
    ...(previous ?? blank),
    ...n,
    proteinG: input.gramsProtein,
    servingsPerContainer: Math.round((input.sizeLbs * GRAMS_PER_POUND) / n.servingSizeG),
  };
}

/** Checks what the schema cannot know: reference-list ids, and that the brand can take products. */
async function checkProductInput(db: Db, input: AdminProductInput, currentBrandId?: number) {
  const fieldErrors: Record<string, string> = {};
  if (!input.flavorIds.every((id) => flavorIds.has(id))) {
    fieldErrors.flavorIds = 'Please choose flavor families from the Flavors list.';
  }
  if (!textureIds.has(input.textureId))
    fieldErrors.textureId = 'Please choose a texture from the Textures list.';
  // Locked so the brand cannot be archived while this product is being added to it.
  const brand = await findBrand(db, input.brandId, true);
  if (!brand) fieldErrors.brandId = 'Please choose a brand that exists.';
  else if (!brand.isActive && brand.id !== currentBrandId) {
    fieldErrors.brandId = 'That brand is archived. Unarchive it or choose another.';
  }
  if (Object.keys(fieldErrors).length > 0) throw badRequest('Some fields are not valid.', fieldErrors);
}

function productValues(input: AdminProductInput, at: Date, previous?: NutritionFacts): ProductValues {
  return {
    brandId: input.brandId,
    title: input.title,
    flavor: input.flavor,
    flavorIds: input.flavorIds,
    proteinType: input.proteinType,
    textureId: input.textureId,
    allergens: input.allergens,
    diets: input.diets,
    gramsProtein: input.gramsProtein,
    sizeLbs: input.sizeLbs,
    description: input.description,
    suggestedUse: input.suggestedUse,
    nutrition: nutritionOf(input, previous),
    listPriceCents: input.listPriceCents,
    discountPercent: input.discountPercent,
    sampleStock: input.sampleStock,
    tubStock: input.tubStock,
    tubImagePath: input.tubImagePath,
    sampleImagePath: input.sampleImagePath,
    nutritionImagePath: input.nutritionImagePath,
    updatedAt: at,
  };
}

async function checkBrandName(db: Db, name: string, exceptId?: number): Promise<string> {
  const slug = slugOf(name);
  if (await findBrandClash(db, name, slug, exceptId)) {
    throw badRequest('Some fields are not valid.', { name: 'Another brand already has this name.' });
  }
  return slug;
}

function pageWindow(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export type CatalogEditor = ReturnType<typeof createCatalogEditor>;

export function createCatalogEditor(db: Db) {
  async function requireProduct(tx: Db, id: number): Promise<CatalogProductRow> {
    const row = await findProductAnyState(tx, id, true);
    if (!row) throw notFound('That product');
    return row;
  }

  async function requireBrand(tx: Db, id: number): Promise<BrandWithCount> {
    const row = await findBrand(tx, id, true);
    if (!row) throw notFound('That brand');
    return row;
  }

  async function productById(tx: Db, id: number): Promise<AdminProduct> {
    return toAdminProduct((await findProductAnyState(tx, id))!);
  }

  async function brandById(tx: Db, id: number): Promise<AdminBrand> {
    return toAdminBrand((await findBrand(tx, id))!);
  }

  return {
    async listProducts(query: AdminProductListQuery): Promise<Page<AdminProductRow>> {
      const { rows, total } = await listProductsPage(db, { ...query, ...pageWindow(query) });
      return { items: rows.map(toAdminProductRow), total, page: query.page, pageSize: query.pageSize };
    },

    async getProduct(id: number): Promise<AdminProduct | undefined> {
      const row = await findProductAnyState(db, id);
      return row ? toAdminProduct(row) : undefined;
    },

    async createProduct(tx: Db, input: AdminProductInput, at: Date): Promise<Change<AdminProduct>> {
      await checkProductInput(tx, input);
      const id = await insertProduct(tx, { ...productValues(input, at), createdAt: at });
      return { before: undefined, after: await productById(tx, id) };
    },

    async updateProduct(
      tx: Db,
      id: number,
      input: AdminProductInput,
      at: Date,
    ): Promise<Change<AdminProduct>> {
      const current = await requireProduct(tx, id);
      await checkProductInput(tx, input, current.brandId);
      await updateProduct(tx, id, productValues(input, at, current.nutrition));
      return { before: toAdminProduct(current), after: await productById(tx, id) };
    },

    /** Archives (out of the shop, matching and new boxes) or brings back a product. */
    async setProductActive(tx: Db, id: number, isActive: boolean, at: Date): Promise<Change<AdminProduct>> {
      const current = await requireProduct(tx, id);
      if (isActive && !current.isActive) {
        const brand = await findBrand(tx, current.brandId, true);
        if (!brand?.isActive) throw conflict('Its brand is archived. Unarchive the brand first.');
      }
      if (current.isActive !== isActive) await updateProduct(tx, id, { isActive, updatedAt: at });
      return { before: toAdminProduct(current), after: await productById(tx, id) };
    },

    async listBrands(query: AdminBrandListQuery): Promise<Page<AdminBrand>> {
      const { rows, total } = await listBrandsPage(db, { ...query, ...pageWindow(query) });
      return { items: rows.map(toAdminBrand), total, page: query.page, pageSize: query.pageSize };
    },

    async getBrand(id: number): Promise<AdminBrand | undefined> {
      const row = await findBrand(db, id);
      return row ? toAdminBrand(row) : undefined;
    },

    async createBrand(tx: Db, input: AdminBrandInput, at: Date): Promise<Change<AdminBrand>> {
      const slug = await checkBrandName(tx, input.name);
      const id = await insertBrand(tx, {
        name: input.name,
        slug,
        logoPath: input.logoPath,
        createdAt: at,
        updatedAt: at,
      });
      return { before: undefined, after: await brandById(tx, id) };
    },

    async updateBrand(tx: Db, id: number, input: AdminBrandInput, at: Date): Promise<Change<AdminBrand>> {
      const current = await requireBrand(tx, id);
      const slug = await checkBrandName(tx, input.name, id);
      await updateBrand(tx, id, { name: input.name, slug, logoPath: input.logoPath, updatedAt: at });
      return { before: toAdminBrand(current), after: await brandById(tx, id) };
    },

    /**
     * Archives a brand (out of the quiz's brand list) or brings it back. A brand with active
     * products stays: archive those first, so nothing in the shop loses its brand silently.
     */
    async setBrandActive(tx: Db, id: number, isActive: boolean, at: Date): Promise<Change<AdminBrand>> {
      const current = await requireBrand(tx, id);
      if (!isActive && current.isActive && current.activeProducts > 0) {
        throw conflict(
          `This brand still has ${current.activeProducts} active product${current.activeProducts === 1 ? '' : 's'}. Archive them first.`,
        );
      }
      if (current.isActive !== isActive) await updateBrand(tx, id, { isActive, updatedAt: at });
      return { before: toAdminBrand(current), after: await brandById(tx, id) };
    },

    /** The product form's choices: the Flavors and Textures lists and every brand. */
    async options(): Promise<AdminCatalogOptions> {
      const brands = await listBrands(db);
      return {
        flavors: Flavors.map((f) => ({ id: f.id, displayName: f.displayName })),
        textures: Textures.map((t) => ({ id: t.id, displayName: t.displayName })),
        brands: brands.map((b) => ({ id: b.id, name: b.name, isActive: b.isActive })),
      };
    },
  };
}
