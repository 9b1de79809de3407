import { NEXT_BOX_FALLBACK } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { prepareMemberFacts, prepareShopCatalog } from '../../read-models/shop.ts';
import { type ProductRating, ratingFields, toUnratedProduct } from '../catalog/index.ts';
import { hardFilterViolation, type MatchAnswers, type MatchProduct, toMatchProduct } from '../quiz/index.ts';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** The month of the next box ("February"), or "next box" without a known date. */
export function nextBoxMonthOf(date: Date | null): string {
  return date ? monthName.format(date) : NEXT_BOX_FALLBACK;
}

/**
 * One product on sale: what the diet filter reads, and its answer as JSON, locked and unlocked,
 * without the closing brace: the rating, read on every request, completes it.
 */
interface ShopEntry {
  id: number;
  match: MatchProduct;
  lockedHead: string;
  unlockedHead: string;
}

const NO_RATING: ProductRating = { count: 0, average: null };

/** The rating fields and the closing brace of a product's JSON. */
function ratingTail(rating: ProductRating): string {
  const fields = ratingFields(rating);
  return `,"reviewCount":${fields.reviewCount},"averageRating":${JSON.stringify(fields.averageRating)}}`;
}

/** An object's JSON without its closing brace. */
const openJson = (value: object): string => JSON.stringify(value).slice(0, -1);

const NO_PREFERENCES: Omit<MatchAnswers, 'dietaryPreferences' | 'dietaryRestrictions'> = {
  flavors: [],
  brandUsages: [],
  dislikedBrands: [],
  textures: [],
  fitnessGoals: [],
  lifestylePerformanceGoals: [],
  proteinMixes: [],
};

export type ShopService = ReturnType<typeof createShopService>;

/** The members' shop (docs/product.md#shop-and-cart, docs/product.md#unlocking). */
export function createShopService({ db }: { db: Db }) {
  const memberFacts = prepareMemberFacts(db);
  const shopCatalog = prepareShopCatalog(db);
  // The catalog's product answers, kept while the catalog's fingerprint is unchanged: an edit,
  // an archive or a restock changes it, so the shop shows it on the next request. Ratings are
  // not kept: the member's facts statement reads them on every request.
  let cached: { version: string; entries: Promise<ShopEntry[]> } | undefined;

  function catalogEntries(version: string): Promise<ShopEntry[]> {
    if (cached?.version === version) return cached.entries;
    const entries = shopCatalog().then((rows) =>
      rows.map((row) => ({
        id: row.id,
        match: toMatchProduct(row),
        lockedHead: openJson(toUnratedProduct(row, { unlocked: false })),
        unlockedHead: openJson(toUnratedProduct(row, { unlocked: true })),
      })),
    );
    cached = { version, entries };
    entries.catch(() => {
      if (cached?.entries === entries) cached = undefined;
    });
    return entries;
  }

  return {
    /**
     * GET product/GetShopProducts as JSON text (ShopProductsSchema): products from the member's
     * paid boxes at member prices (`subscribedToProducts`), then every other product on sale
     * that passes the member's safety and diet filters (matching's hard filters), locked until
     * a paid box holds it. Each product carries its rating as of this request. One read per
     * request while the catalog is unchanged.
     */
    async shopProductsJson(identityId: string): Promise<string> {
      const facts = await memberFacts(identityId);
      const entries = await catalogEntries(facts.catalogVersion);
      const unlocked = new Set(facts.unlockedIds);
      const answers: MatchAnswers = {
        ...NO_PREFERENCES,
        dietaryPreferences: facts.dietaryPreferences,
        dietaryRestrictions: facts.dietaryRestrictions,
      };
      const subscribed: string[] = [];
      const toUnlock: string[] = [];
      for (const entry of entries) {
        const tail = ratingTail(facts.ratings.get(entry.id) ?? NO_RATING);
        if (unlocked.has(entry.id)) subscribed.push(entry.unlockedHead + tail);
        else if (hardFilterViolation(answers, entry.match, 'dietary') === undefined) {
          toUnlock.push(entry.lockedHead + tail);
        }
      }
      return `{"subscribedToProducts":[${subscribed.join(',')}],"productsToUnlock":[${toUnlock.join(',')}],"nextBoxMonth":${JSON.stringify(nextBoxMonthOf(facts.nextBoxAt))},"nextBoxDate":${JSON.stringify(facts.nextBoxAt?.toISOString() ?? null)}}`;
    },
  };
}
