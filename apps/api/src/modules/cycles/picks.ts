import type { Db } from '../../db/database.ts';
import { ratingsWithBrands } from '../../read-models/product-reviews.ts';
import type { CatalogService } from '../catalog/index.ts';
import { latestQuizOf, type MatchAnswers, rankProducts, toMatchProduct } from '../quiz/index.ts';

/** Products a member rated this low are never picked for them again (docs/product.md#membership-cycle, reviews feed matching). */
export const DISLIKED_RATING = 2;

/**
 * The member's products, best match first (their own quiz; docs/product.md#matching, with brands they
 * rated low losing score), minus those they rated 1-2 stars.
 */
export type Ranker = (identityId: string) => Promise<number[]>;

export function createRanker(deps: { db: Db; catalog: Pick<CatalogService, 'listProducts'> }): Ranker {
  return async (identityId) => {
    const [quiz, products, ratings] = await Promise.all([
      latestQuizOf(deps.db, identityId),
      deps.catalog.listProducts(),
      ratingsWithBrands(deps.db, identityId),
    ]);
    const refused = new Set(ratings.filter((r) => r.rating <= DISLIKED_RATING).map((r) => r.productId));
    const answers: MatchAnswers = {
      flavors: quiz?.flavors ?? [],
      brandUsages: quiz?.brandUsages ?? [],
      dislikedBrands: quiz?.dislikedBrands ?? [],
      textures: quiz?.textures ?? [],
      dietaryPreferences: quiz?.dietaryPreferences ?? [],
      dietaryRestrictions: quiz?.dietaryRestrictions ?? [],
      fitnessGoals: quiz?.fitnessGoals ?? [],
      lifestylePerformanceGoals: quiz?.lifestylePerformanceGoals ?? [],
      proteinMixes: quiz?.proteinMixes ?? [],
    };
    return rankProducts(answers, products.map(toMatchProduct), { limit: Number.POSITIVE_INFINITY, ratings })
      .map((m) => m.productId)
      .filter((id) => !refused.has(id));
  };
}

/**
 * `count` products from the member's ranking: first those they have not sampled, then (when they
 * have tried everything that suits them) the best of the rest; never one already in the box.
 */
export function choose(
  ranked: readonly number[],
  sampled: ReadonlySet<number>,
  inBox: readonly number[],
  count: number,
): number[] {
  const taken = new Set(inBox);
  const picked: number[] = [];
  for (const pass of [true, false]) {
    for (const id of ranked) {
      if (picked.length === count) return picked;
      if (taken.has(id) || (pass && sampled.has(id))) continue;
      taken.add(id);
      picked.push(id);
    }
  }
  return picked;
}
