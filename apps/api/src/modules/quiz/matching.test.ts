import { describe, expect, it } from 'vitest';
import { demoBrands, demoProducts } from '../catalog/demo-catalog.ts';
import { Diet, FitnessGoal, Flavor, LifestyleGoal, Mix, Texture } from '../catalog/reference-lists.ts';
import {
  brandRatingPenalties,
  hardFilterViolation,
  type MatchAnswers,
  type MatchProduct,
  rankProducts,
  scoreProduct,
} from './matching.ts';

const NONE: MatchAnswers = {
  flavors: [],
  brandUsages: [],
  dislikedBrands: [],
  textures: [],
  dietaryPreferences: [],
  dietaryRestrictions: [],
  fitnessGoals: [],
  lifestylePerformanceGoals: [],
  proteinMixes: [],
};

const answers = (overrides: Partial<MatchAnswers>): MatchAnswers => ({ ...NONE, ...overrides });

/** The demo catalog as matching sees it. */
const catalog: MatchProduct[] = demoProducts().map((p) => ({
  id: p.id,
  brandId: p.brandId,
  brandName: demoBrands.find((b) => b.id === p.brandId)!.name,
  flavorIds: p.flavorIds,
  proteinType: p.proteinType,
  textureId: p.textureId,
  allergens: p.allergens,
  diets: p.diets,
  gramsProtein: p.gramsProtein,
  calories: p.nutrition.calories,
  carbsG: p.nutrition.totalCarbsG,
  sugarG: p.nutrition.totalSugarsG,
  sampleStock: p.sampleStock,
}));
const byId = new Map(catalog.map((p) => [p.id, p]));

const product = (overrides: Partial<MatchProduct>): MatchProduct => ({
  id: 1,
  brandId: 1,
  brandName: 'Brand',
  flavorIds: [Flavor.vanilla],
  proteinType: 'whey',
  textureId: Texture.smoothLight,
  allergens: ['Milk'],
  diets: [],
  gramsProtein: 24,
  calories: 120,
  carbsG: 3,
  sugarG: 1,
  sampleStock: 10,
  ...overrides,
});

describe('hard filters', () => {
  it('excludes every product with milk for the lactose restriction (id 2)', () => {
    const picks = rankProducts(answers({ dietaryRestrictions: [2], flavors: [Flavor.chocolate] }), catalog, {
      limit: 50,
    });
    expect(picks.length).toBeGreaterThan(2);
    for (const m of picks) expect(byId.get(m.productId)!.allergens).not.toContain('Milk');
  });

  it('keeps only plant protein without milk or egg for a vegan (diet id 0)', () => {
    const picks = rankProducts(answers({ dietaryPreferences: [Diet.vegan] }), catalog, { limit: 50 });
    expect(picks.length).toBeGreaterThan(2);
    for (const m of picks) {
      const p = byId.get(m.productId)!;
      expect(p.proteinType).toBe('plant');
      expect(p.allergens).not.toContain('Milk');
      expect(p.allergens).not.toContain('Egg');
    }
  });

  it('excludes animal protein for a vegan even when its allergens say nothing', () => {
    expect(hardFilterViolation(answers({ dietaryPreferences: [0] }), product({ allergens: [] }))).toBe(
      'animal protein',
    );
  });

  it('excludes the allergen of each other restriction', () => {
    const cases: [number, string][] = [
      [0, 'Wheat'],
      [1, 'Soy'],
      [3, 'Peanuts'],
      [4, 'Tree nuts'],
      [5, 'Egg'],
      [6, 'Sesame'],
    ];
    for (const [restriction, allergen] of cases) {
      const p = product({ allergens: ['Milk', allergen] });
      expect(hardFilterViolation(answers({ dietaryRestrictions: [restriction] }), p)).toBe(
        `contains ${allergen.toLowerCase()}`,
      );
    }
  });

  it('excludes disliked brands, disliked textures and samples out of stock', () => {
    expect(hardFilterViolation(answers({ dislikedBrands: [1] }), product({ brandId: 1 }))).toBe(
      'disliked brand',
    );
    expect(
      hardFilterViolation(answers({ textures: [Texture.grainy] }), product({ textureId: Texture.grainy })),
    ).toBe('disliked texture');
    expect(hardFilterViolation(NONE, product({ sampleStock: 0 }))).toBe('samples out of stock');
  });

  it('with the dietary filters only, keeps disliked brands and products out of stock', () => {
    const p = product({ brandId: 3, sampleStock: 0, textureId: Texture.frothy });
    const a = answers({ dislikedBrands: [3], textures: [Texture.frothy] });
    expect(hardFilterViolation(a, p, 'dietary')).toBeUndefined();
    expect(hardFilterViolation(answers({ dietaryRestrictions: [2] }), p, 'dietary')).toBe('contains milk');
  });

  it('never recommends the demo products whose samples are out of stock', () => {
    const outOfStock = catalog.filter((p) => p.sampleStock === 0).map((p) => p.id);
    expect(outOfStock.length).toBeGreaterThan(0);
    const picks = rankProducts(NONE, catalog, { limit: 100 });
    for (const id of outOfStock) expect(picks.map((m) => m.productId)).not.toContain(id);
  });
});

describe('scoring and reasons', () => {
  it('puts a chosen flavor first and says so', () => {
    const [top] = rankProducts(answers({ flavors: [Flavor.mint] }), catalog);
    expect(byId.get(top!.productId)!.flavorIds[0]).toBe(Flavor.mint);
    expect(top!.reason).toMatch(/^Mint Chocolate, which you chose/);
  });

  it('writes the reason the store promises: "Chocolate, which you chose; lactose-free"', () => {
    const chocolatePlant = catalog.find((p) => p.id === 6)!;
    const { reason } = scoreProduct(
      answers({ flavors: [Flavor.chocolate], dietaryRestrictions: [2] }),
      chocolatePlant,
    );
    expect(reason).toBe('Chocolate, which you chose; lactose-free');
  });

  it('favors liked brands and names them', () => {
    const [top] = rankProducts(answers({ brandUsages: [8] }), catalog);
    expect(byId.get(top!.productId)!.brandId).toBe(8);
    expect(top!.reason).toContain('Pure Form, a brand you enjoy');
  });

  it('suggests casein for better sleep and carbs for endurance', () => {
    const [sleep] = rankProducts(answers({ lifestylePerformanceGoals: [LifestyleGoal.sleep] }), catalog);
    expect(byId.get(sleep!.productId)!.proteinType).toBe('casein');
    const [endurance] = rankProducts(answers({ fitnessGoals: [FitnessGoal.endurance] }), catalog);
    expect(byId.get(endurance!.productId)!.carbsG).toBeGreaterThanOrEqual(10);
  });

  it('suggests a clear or isolate protein for someone who mixes with water and wants to lose weight', () => {
    const [top] = rankProducts(
      answers({ proteinMixes: [Mix.water], fitnessGoals: [FitnessGoal.loseWeight] }),
      catalog,
    );
    expect(byId.get(top!.productId)!.proteinType).toBe('isolate');
    expect(byId.get(top!.productId)!.calories).toBeLessThanOrEqual(110);
  });

  it('rewards a keto diet with keto products', () => {
    const picks = rankProducts(answers({ dietaryPreferences: [Diet.keto] }), catalog, { limit: 4 });
    for (const m of picks) expect(byId.get(m.productId)!.diets).toContain('Keto');
  });

  it('falls back to the protein per scoop when nothing else can be said', () => {
    expect(scoreProduct(NONE, product({ gramsProtein: 25 })).reason).toBe('25 g of protein per scoop');
  });
});

describe('ranking', () => {
  it('spreads the top picks across brands', () => {
    // Every chocolate product scores the same flavor bonus; the box should not be one brand.
    const picks = rankProducts(answers({ flavors: [Flavor.chocolate] }), catalog, { limit: 4 });
    const brands = picks.map((m) => byId.get(m.productId)!.brandId);
    expect(new Set(brands).size).toBe(4);
  });

  it('breaks ties by the lower product id, whatever order the catalog comes in', () => {
    const a = product({ id: 7, brandId: 1 });
    const b = product({ id: 3, brandId: 2 });
    const c = product({ id: 5, brandId: 3 });
    expect(rankProducts(NONE, [a, b, c]).map((m) => m.productId)).toEqual([3, 5, 7]);
    expect(rankProducts(NONE, [c, a, b]).map((m) => m.productId)).toEqual([3, 5, 7]);
  });

  it('returns at most the limit, 6 by default', () => {
    expect(rankProducts(NONE, catalog)).toHaveLength(6);
    expect(rankProducts(NONE, catalog, { limit: 2 })).toHaveLength(2);
  });

  it('finds at least 2 samples even for a vegan with every allergy', () => {
    const strict = answers({ dietaryPreferences: [Diet.vegan], dietaryRestrictions: [0, 1, 2, 3, 4, 5, 6] });
    expect(rankProducts(strict, catalog).length).toBeGreaterThanOrEqual(2);
  });
});

describe("the member's reviews (docs/product.md#membership-cycle: a brand rated low loses score)", () => {
  const r = (brandId: number, rating: number, productId = brandId * 100 + rating) => ({
    productId,
    brandId,
    rating,
  });

  it('penalises a brand whose average is 2 stars or less, more for a lower average', () => {
    const penalties = brandRatingPenalties([r(1, 2), r(2, 1), r(3, 3), r(4, 1), r(4, 4), r(5, 2), r(5, 1)]);
    expect(penalties.get(1)).toBe(20);
    expect(penalties.get(2)).toBe(40);
    expect(penalties.get(5)).toBe(30);
    // An average of 3 or of 2.5 is not low.
    expect(penalties.has(3)).toBe(false);
    expect(penalties.has(4)).toBe(false);
    expect(brandRatingPenalties([])).toEqual(new Map());
  });

  it('moves a low-rated brand below an equal product of another brand, and lowers its score', () => {
    const a = product({ id: 1, brandId: 1 });
    const b = product({ id: 2, brandId: 2 });
    expect(rankProducts(NONE, [a, b]).map((m) => m.productId)).toEqual([1, 2]);
    const ranked = rankProducts(NONE, [a, b], { ratings: [r(1, 1, 99)] });
    expect(ranked.map((m) => m.productId)).toEqual([2, 1]);
    expect(ranked[1]!.score).toBe(scoreProduct(NONE, a).score - 40);
    // A good rating of the same brand changes nothing.
    expect(rankProducts(NONE, [a, b], { ratings: [r(1, 4, 99)] }).map((m) => m.productId)).toEqual([1, 2]);
  });

  it('keeps a liked-brand product of a brand rated 2 stars out of the demo top picks', () => {
    const liked = answers({ brandUsages: [8] });
    const [before] = rankProducts(liked, catalog);
    expect(byId.get(before!.productId)!.brandId).toBe(8);
    const eight = catalog.filter((p) => p.brandId === 8).map((p) => p.id);
    const after = rankProducts(liked, catalog, {
      ratings: [{ productId: eight[0]!, brandId: 8, rating: 1 }],
    });
    expect(byId.get(after[0]!.productId)!.brandId).not.toBe(8);
  });
});
