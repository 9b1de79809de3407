import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Allergens,
  DietaryPreferences,
  FitnessGoals,
  Flavors,
  LifestylePerformanceGoals,
  ProteinMixes,
  ProteinTypes,
  Restrictions,
  Textures,
} from '../catalog/reference-lists.ts';
import {
  brandRatingPenalties,
  type MatchAnswers,
  type MatchProduct,
  type MemberRating,
  rankProducts,
  scoreProduct,
} from './matching.ts';

const BRAND_IDS = [1, 2, 3, 4, 5, 6];
const ids = (options: { id: number }[]) => options.map((o) => o.id);
const subset = (values: number[], maxLength = values.length) =>
  fc.uniqueArray(fc.constantFrom(...values), { maxLength });

const answersArb: fc.Arbitrary<MatchAnswers> = fc.record({
  flavors: subset(ids(Flavors), 4),
  brandUsages: subset(BRAND_IDS),
  dislikedBrands: subset(BRAND_IDS),
  textures: subset(ids(Textures)),
  dietaryPreferences: subset(ids(DietaryPreferences)),
  dietaryRestrictions: subset(ids(Restrictions)),
  fitnessGoals: subset(ids(FitnessGoals)),
  lifestylePerformanceGoals: subset(ids(LifestylePerformanceGoals)),
  proteinMixes: subset(ids(ProteinMixes)),
});

const productArb = (id: number): fc.Arbitrary<MatchProduct> =>
  fc.record({
    id: fc.constant(id),
    brandId: fc.constantFrom(...BRAND_IDS),
    brandName: fc.constant('Brand'),
    flavorIds: fc.uniqueArray(fc.constantFrom(...ids(Flavors)), { minLength: 1, maxLength: 3 }),
    proteinType: fc.constantFrom(...ProteinTypes),
    textureId: fc.constantFrom(...ids(Textures)),
    allergens: fc.uniqueArray(fc.constantFrom(...Allergens), { maxLength: 4 }),
    diets: fc.uniqueArray(fc.constantFrom('Keto', 'Low carb', 'Low sugar', 'Vegan'), { maxLength: 3 }),
    gramsProtein: fc.integer({ min: 10, max: 35 }),
    calories: fc.integer({ min: 80, max: 250 }),
    carbsG: fc.integer({ min: 0, max: 30 }),
    sugarG: fc.integer({ min: 0, max: 15 }),
    sampleStock: fc.integer({ min: 0, max: 3 }),
  });

/** A catalog of distinct product ids, in any order. */
const catalogArb: fc.Arbitrary<MatchProduct[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 0, maxLength: 40 })
  .chain((productIds) => fc.tuple(...productIds.map(productArb)));

/** The hard filters, written out again independently of the implementation. */
function violates(a: MatchAnswers, p: MatchProduct): boolean {
  const vegan = a.dietaryPreferences.includes(0);
  const lactose = a.dietaryRestrictions.includes(2);
  if ((vegan || lactose) && p.allergens.includes('Milk')) return true;
  if (vegan && (p.proteinType !== 'plant' || p.allergens.includes('Egg'))) return true;
  for (const r of Restrictions) {
    if (a.dietaryRestrictions.includes(r.id) && p.allergens.includes(r.excludes)) return true;
  }
  if (a.dislikedBrands.includes(p.brandId)) return true;
  if (a.textures.includes(p.textureId)) return true;
  return p.sampleStock <= 0;
}

describe('matching properties (fast-check)', () => {
  it('never recommends a product that breaks a hard filter', () => {
    fc.assert(
      fc.property(answersArb, catalogArb, fc.integer({ min: 1, max: 50 }), (answers, catalog, limit) => {
        const byId = new Map(catalog.map((p) => [p.id, p]));
        for (const match of rankProducts(answers, catalog, { limit })) {
          expect(violates(answers, byId.get(match.productId)!)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('recommends every eligible product up to the limit, each once', () => {
    fc.assert(
      fc.property(answersArb, catalogArb, fc.integer({ min: 1, max: 50 }), (answers, catalog, limit) => {
        const eligible = catalog.filter((p) => !violates(answers, p)).length;
        const picks = rankProducts(answers, catalog, { limit });
        expect(picks).toHaveLength(Math.min(limit, eligible));
        expect(new Set(picks.map((m) => m.productId)).size).toBe(picks.length);
        for (const m of picks) expect(m.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same answer whatever order the catalog comes in', () => {
    fc.assert(
      fc.property(
        answersArb,
        catalogArb.chain((c) => fc.tuple(fc.constant(c), fc.shuffledSubarray(c, { minLength: c.length }))),
        (answers, [catalog, shuffled]) => {
          expect(rankProducts(answers, shuffled)).toEqual(rankProducts(answers, catalog));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never lets a vegan with the lactose restriction see milk, eggs or animal protein', () => {
    fc.assert(
      fc.property(answersArb, catalogArb, (answers, catalog) => {
        const strict = {
          ...answers,
          dietaryPreferences: [...new Set([...answers.dietaryPreferences, 0])],
          dietaryRestrictions: [...new Set([...answers.dietaryRestrictions, 2])],
        };
        const byId = new Map(catalog.map((p) => [p.id, p]));
        for (const m of rankProducts(strict, catalog, { limit: 100 })) {
          const p = byId.get(m.productId)!;
          expect(p.proteinType).toBe('plant');
          expect(p.allergens).not.toContain('Milk');
          expect(p.allergens).not.toContain('Egg');
        }
      }),
      { numRuns: 300 },
    );
  });

  const ratingsArb: fc.Arbitrary<MemberRating[]> = fc.array(
    fc.record({
      productId: fc.integer({ min: 1, max: 500 }),
      brandId: fc.constantFrom(...BRAND_IDS),
      rating: fc.integer({ min: 1, max: 5 }),
    }),
    { maxLength: 12 },
  );

  it("with the member's ratings: the same products, each scored minus its brand's penalty", () => {
    fc.assert(
      fc.property(answersArb, catalogArb, ratingsArb, (answers, catalog, ratings) => {
        const all = { limit: Number.POSITIVE_INFINITY };
        const plain = rankProducts(answers, catalog, all);
        const rated = rankProducts(answers, catalog, { ...all, ratings });
        expect(new Set(rated.map((m) => m.productId))).toEqual(new Set(plain.map((m) => m.productId)));
        const penalties = brandRatingPenalties(ratings);
        const byId = new Map(catalog.map((p) => [p.id, p]));
        for (const m of rated) {
          const p = byId.get(m.productId)!;
          expect(m.score).toBe(scoreProduct(answers, p).score - (penalties.get(p.brandId) ?? 0));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a lower rating never lowers the penalty, and only averages of 2 or less are penalised', () => {
    fc.assert(
      fc.property(ratingsArb, fc.constantFrom(...BRAND_IDS), (ratings, brandId) => {
        const penalties = brandRatingPenalties(ratings);
        const own = ratings.filter((r) => r.brandId === brandId);
        const average = own.reduce((sum, r) => sum + r.rating, 0) / own.length;
        expect(penalties.has(brandId)).toBe(own.length > 0 && average <= 2);
        const worse = brandRatingPenalties([...ratings, { productId: 1, brandId, rating: 1 }]);
        expect(worse.get(brandId) ?? 0).toBeGreaterThanOrEqual(penalties.get(brandId) ?? 0);
      }),
      { numRuns: 300 },
    );
  });
});
