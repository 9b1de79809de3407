import { NEXT_BOX_FALLBACK, type Product, type ShopProducts } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { toProduct } from '../catalog/catalog.service.ts';
import { hardFilterViolation, type MatchAnswers } from '../quiz/matching.ts';
import { toMatchProduct } from '../quiz/quiz-results.service.ts';
import { prepareMemberFacts, prepareShopCatalog } from './shop.repository.ts';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** The month of the next box ("February"), or "next box" without a known date. */
export function nextBoxMonthOf(date: Date | null): string {
  return date ? monthName.format(date) : NEXT_BOX_FALLBACK;
}

export type ShopService = ReturnType<typeof createShopService>;

/** The members' shop (spec 001 §2.4, DESIGN §5 unlocking). */
export function createShopService({ db }: { db: Db }) {
  const memberFacts = prepareMemberFacts(db);
  const shopCatalog = prepareShopCatalog(db);

  return {
    /**
     * GET product/GetShopProducts: products from the member's paid boxes at member prices
     * (`subscribedToProducts`), then every other product on sale that passes the member's
     * safety and diet filters (matching's hard filters), locked until a paid box holds it.
     * Two reads in parallel, whatever the size of the catalog or the order history.
     */
    async shopProducts(identityId: string): Promise<ShopProducts> {
      const [facts, rows] = await Promise.all([memberFacts(identityId), shopCatalog()]);
      const unlocked = new Set(facts.unlockedIds);
      const answers: MatchAnswers = {
        dietaryPreferences: facts.dietaryPreferences,
        dietaryRestrictions: facts.dietaryRestrictions,
        flavors: [],
        brandUsages: [],
        dislikedBrands: [],
        textures: [],
        fitnessGoals: [],
        lifestylePerformanceGoals: [],
        proteinMixes: [],
      };
      const subscribedToProducts: Product[] = [];
      const productsToUnlock: Product[] = [];
      for (const row of rows) {
        if (unlocked.has(row.id)) subscribedToProducts.push(toProduct(row, { unlocked: true }));
        else if (hardFilterViolation(answers, toMatchProduct(row), 'dietary') === undefined) {
          productsToUnlock.push(toProduct(row, { unlocked: false }));
        }
      }
      return {
        subscribedToProducts,
        productsToUnlock,
        nextBoxMonth: nextBoxMonthOf(facts.nextBoxAt),
        nextBoxDate: facts.nextBoxAt?.toISOString() ?? null,
      };
    },
  };
}
