import {
  centsToDollars,
  memberTubPriceCents,
  type Product,
  publicAverageRating,
  type TypeListName,
  TypeListNames,
  type TypeOption,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import {
  type CatalogProductRow,
  listActiveProducts,
  listBrands,
  type ProductRating,
  prepareFindActiveProduct,
  type RatedProductRow,
} from './catalog.repository.ts';
import { createCatalogEditor } from './catalog-editor.ts';
import { flavorBackgroundPath } from './demo-catalog.ts';
import { Flavors, StaticReferenceLists, textureName } from './reference-lists.ts';

export type { CatalogProductRow, ProductRating, RatedProductRow } from './catalog.repository.ts';

/** How long a process keeps its copy of the brand list before reading it again. */
export const BRAND_CACHE_MS = 30_000;

/** The member price of a tub: list price less the member discount, rounded to the cent. */
export const memberPriceCents = memberTubPriceCents;

/** A product's answer without its rating (the shop adds the rating per request). */
export type UnratedProduct = Omit<Product, 'reviewCount' | 'averageRating'>;

/** The rating fields of a product answer: the count, and the average only from enough reviews. */
export function ratingFields(rating: ProductRating): Pick<Product, 'reviewCount' | 'averageRating'> {
  return { reviewCount: rating.count, averageRating: publicAverageRating(rating.count, rating.average) };
}

/** The product as every product call answers it (ProductSchema), with its rating. */
export function toProduct(
  row: CatalogProductRow,
  extra: { unlocked?: boolean; reason?: string; rating: ProductRating },
): Product {
  return { ...toUnratedProduct(row, extra), ...ratingFields(extra.rating) };
}

/** Every field of a product answer but the rating. */
export function toUnratedProduct(
  row: CatalogProductRow,
  extra: { unlocked?: boolean; reason?: string } = {},
): UnratedProduct {
  const product: UnratedProduct = {
    id: row.id,
    title: row.title,
    brandText: row.brand.name,
    brandImage: row.brand.logoPath,
    brandName: row.brand.name,
    image: { originalPath: row.tubImagePath },
    sampleImage: { originalPath: row.sampleImagePath },
    flavorSubCategoryText: row.flavor,
    flavorBgImageName: flavorBackgroundPath(row.flavorIds[0]),
    description: row.description,
    suggestedUSe: row.suggestedUse,
    nutritionInfo: { originalPath: row.nutritionImagePath },
    gramsProteinContent: row.gramsProtein,
    sizeLbs: row.sizeLbs,
    price: centsToDollars(row.listPriceCents),
    discount: row.discountPercent,
    discountedPrice: centsToDollars(memberPriceCents(row.listPriceCents, row.discountPercent)),
    unlocked: extra.unlocked ?? false,
    proteinType: row.proteinType,
    texture: textureName(row.textureId),
    allergens: row.allergens,
    diets: row.diets,
    inStock: row.sampleStock > 0,
  };
  if (extra.reason !== undefined) product.reason = extra.reason;
  return product;
}

const listNameByLower = new Map(TypeListNames.map((n) => [n.toLowerCase(), n] as const));

/** The canonical spelling of a list name given in any case, or undefined for an unknown list. */
export function canonicalListName(name: string): TypeListName | undefined {
  return listNameByLower.get(name.toLowerCase());
}

function toOption(o: { id: number; displayName: string; img?: string }): TypeOption {
  return o.img === undefined
    ? { id: o.id, displayName: o.displayName }
    : { id: o.id, displayName: o.displayName, img: o.img };
}

// The fixed lists are serialised once: GET /Types is on every quiz page and is benchmarked.
const staticListJson = new Map<TypeListName, string>(
  Object.entries(StaticReferenceLists).map(([name, options]) => {
    const withImages =
      name === 'Flavors'
        ? Flavors.map((f) => ({ id: f.id, displayName: f.displayName, img: flavorBackgroundPath(f.id) }))
        : options;
    return [name as TypeListName, JSON.stringify(withImages.map(toOption))];
  }),
);

export interface CatalogServiceDeps {
  db: Db;
  /** Milliseconds now; tests pass a fixed one. */
  now?: () => number;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService({ db, now = Date.now }: CatalogServiceDeps) {
  const findProduct = prepareFindActiveProduct(db);
  let brandCache: { json: string; ids: Set<number>; loadedAt: number } | undefined;
  let loading: Promise<NonNullable<typeof brandCache>> | undefined;

  async function brandList() {
    if (brandCache && now() - brandCache.loadedAt < BRAND_CACHE_MS) return brandCache;
    // One read refreshes the copy however many requests ask at the same moment.
    loading ??= listBrands(db)
      .then((rows) => {
        // Archived brands leave the quiz's list, but answers that name one stay readable.
        const active = rows.filter((b) => b.isActive);
        brandCache = {
          json: JSON.stringify(
            active.map((b) => toOption({ id: b.id, displayName: b.name, img: b.logoPath })),
          ),
          ids: new Set(rows.map((b) => b.id)),
          loadedAt: now(),
        };
        return brandCache;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  return {
    /** A reference list as JSON text, or undefined for an unknown list name (any case). */
    async typeListJson(name: string): Promise<string | undefined> {
      const canonical = canonicalListName(name);
      if (!canonical) return undefined;
      if (canonical === 'ProteinBrands') return (await brandList()).json;
      return staticListJson.get(canonical);
    },

    /** The lists that live in code, as JSON text by their canonical name (every list but the brands). */
    fixedTypeLists(): ReadonlyMap<TypeListName, string> {
      return staticListJson;
    },

    /** The ids of the brands that exist (the quiz checks its brand answers against them). */
    async brandIds(): Promise<ReadonlySet<number>> {
      return (await brandList()).ids;
    },

    /** Forgets the cached brand list; whatever changes brands calls this. */
    invalidate() {
      brandCache = undefined;
    },

    /** An active product with its brand and rating, or undefined. */
    findProduct(id: number): Promise<RatedProductRow | undefined> {
      return findProduct(id);
    },

    /** Every active product with its brand and rating. Read fresh each time: stock decides matching. */
    listProducts(): Promise<RatedProductRow[]> {
      return listActiveProducts(db);
    },

    /**
     * The back office's catalog editing (catalog-editor.ts). Its writes run in the caller's
     * transaction; call `invalidate()` once it commits.
     */
    editor: createCatalogEditor(db),
  };
}
