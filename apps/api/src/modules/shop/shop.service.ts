import { NEXT_BOX_FALLBACK } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { toProduct } from '../catalog/catalog.service.ts';
import { hardFilterViolation, type MatchAnswers, type MatchProduct } from '../quiz/matching.ts';
import { toMatchProduct } from '../quiz/quiz-results.service.ts';
import { prepareMemberFacts, prepareShopCatalog } from './shop.repository.ts';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** The month of the next box ("February"), or "next box" without a known date. */
export function nextBoxMonthOf(date: Date | null): string {
  return date ? monthName.format(date) : NEXT_BOX_FALLBACK;
}

/** One product on sale: what the diet filter reads, and its answer as JSON, locked and unlocked. */
interface ShopEntry {
  id: number;
  match: MatchProduct;
  lockedJson: string;
  unlockedJson: string;
}

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
  // an archive or a restock changes it, so the shop shows it on the next request.
  let cached: { version: string; entries: Promise<ShopEntry[]> } | undefined;

  function catalogEntries(version: string): Promise<ShopEntry[]> {
    if (cached?.version === version) return cached.entries;
    const entries = shopCatalog().then((rows) =>
      rows.map((row) => ({
        id: row.id,
        match: toMatchProduct(row),
        lockedJson: JSON.stringify(toProduct(row, { unlocked: false })),
        unlockedJson: JSON.stringify(toProduct(row, { unlocked: true })),
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
     * a paid box holds it. One read per request while the catalog is unchanged.
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
        if (unlocked.has(entry.id)) subscribed.push(entry.unlockedJson);
        else if (hardFilterViolation(answers, entry.match, 'dietary') === undefined) {
          toUnlock.push(entry.lockedJson);
        }
      }
      return `{"subscribedToProducts":[${subscribed.join(',')}],"productsToUnlock":[${toUnlock.join(',')}],"nextBoxMonth":${JSON.stringify(nextBoxMonthOf(facts.nextBoxAt))},"nextBoxDate":${JSON.stringify(facts.nextBoxAt?.toISOString() ?? null)}}`;
    },
  };
}
