import { describe, expect, it } from 'vitest';
import { demoBrands, demoProducts } from './demo-catalog.ts';
import { Allergens, Flavors, ProteinTypes, Textures } from './reference-lists.ts';

const products = demoProducts();

/** Words in the ingredient line that mean an allergen is present. */
const ALLERGEN_WORDS: Record<string, RegExp> = {
  Milk: /\bmilk\b/i,
  Egg: /\begg\b/i,
  Soy: /\bsoy\b/i,
  Wheat: /\bwheat\b/i,
  Peanuts: /\bpeanut\b/i,
  'Tree nuts': /\balmond\b/i,
  Sesame: /\bsesame\b/i,
};

describe('the demo catalog', () => {
  it('has at least 8 brands and 40 products across every protein type', () => {
    expect(demoBrands.length).toBeGreaterThanOrEqual(8);
    expect(products.length).toBeGreaterThanOrEqual(40);
    for (const type of ProteinTypes) expect(products.some((p) => p.proteinType === type)).toBe(true);
    for (const brand of demoBrands) expect(products.some((p) => p.brandId === brand.id)).toBe(true);
  });

  it('uses unique ids and only known brands, flavors, textures and allergens', () => {
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    const flavorIds = new Set(Flavors.map((f) => f.id));
    const textureIds = new Set(Textures.map((t) => t.id));
    for (const p of products) {
      expect(demoBrands.some((b) => b.id === p.brandId)).toBe(true);
      expect(p.flavorIds.length).toBeGreaterThan(0);
      for (const f of p.flavorIds) expect(flavorIds.has(f)).toBe(true);
      expect(textureIds.has(p.textureId)).toBe(true);
      for (const a of p.allergens) expect(Allergens).toContain(a);
    }
  });

  it('prices tubs at $29-$69 with member discounts of 25-50%', () => {
    for (const p of products) {
      expect(p.listPriceCents).toBeGreaterThanOrEqual(2900);
      expect(p.listPriceCents).toBeLessThanOrEqual(6900);
      expect(p.discountPercent).toBeGreaterThanOrEqual(25);
      expect(p.discountPercent).toBeLessThanOrEqual(50);
    }
  });

  it('keeps vegan products free of milk and eggs, and every plant protein free of milk', () => {
    for (const p of products) {
      if (p.diets.includes('Vegan')) {
        expect(p.proteinType).toBe('plant');
        expect(p.allergens).not.toContain('Milk');
        expect(p.allergens).not.toContain('Egg');
      }
      if (p.proteinType === 'plant') expect(p.allergens).not.toContain('Milk');
      else expect(p.allergens).toContain('Milk');
    }
  });

  it('labels diets from the facts: lactose-free without milk, gluten-free without wheat', () => {
    for (const p of products) {
      expect(p.diets.includes('Lactose-free')).toBe(!p.allergens.includes('Milk'));
      expect(p.diets.includes('Gluten-free')).toBe(!p.allergens.includes('Wheat'));
      expect(p.diets.includes('Soy-free')).toBe(!p.allergens.includes('Soy'));
      if (p.diets.includes('Keto'))
        expect(p.nutrition.totalCarbsG - p.nutrition.fiberG).toBeLessThanOrEqual(3);
    }
  });

  it('gives isolates 25-27 g of protein and every product 20-27 g', () => {
    for (const p of products) {
      expect(p.gramsProtein).toBe(p.nutrition.proteinG);
      expect(p.gramsProtein).toBeGreaterThanOrEqual(20);
      expect(p.gramsProtein).toBeLessThanOrEqual(27);
      if (p.proteinType === 'isolate') expect(p.gramsProtein).toBeGreaterThanOrEqual(25);
    }
  });

  it('has labels whose numbers add up', () => {
    for (const p of products) {
      const n = p.nutrition;
      const fromMacros = 4 * n.proteinG + 4 * n.totalCarbsG + 9 * n.totalFatG;
      expect(Math.abs(n.calories - fromMacros), `product ${p.id} calories`).toBeLessThanOrEqual(15);
      expect(n.proteinG + n.totalCarbsG + n.totalFatG).toBeLessThan(n.servingSizeG);
      expect(n.totalSugarsG).toBeLessThanOrEqual(n.totalCarbsG);
      expect(n.fiberG).toBeLessThanOrEqual(n.totalCarbsG);
      expect(n.addedSugarsG).toBeLessThanOrEqual(n.totalSugarsG);
      expect(n.saturatedFatG).toBeLessThanOrEqual(n.totalFatG);
      expect(n.servingsPerContainer).toBe(Math.round((p.sizeLbs * 453.592) / n.servingSizeG));
      if (p.proteinType === 'plant') expect(n.cholesterolMg).toBe(0);
    }
  });

  it('names an ingredient for every allergen and no allergen it does not declare', () => {
    for (const p of products) {
      for (const [allergen, word] of Object.entries(ALLERGEN_WORDS)) {
        expect(word.test(p.nutrition.ingredients), `product ${p.id}: ${allergen}`).toBe(
          p.allergens.includes(allergen as (typeof p.allergens)[number]),
        );
      }
    }
  });

  it('writes copy that quotes the label', () => {
    for (const p of products) {
      expect(p.description).toContain(`${p.gramsProtein} g`);
      expect(p.suggestedUse).toContain(`${p.nutrition.servingSizeG} g`);
    }
  });

  it('keeps a few samples out of stock so matching has to skip them', () => {
    expect(products.some((p) => p.sampleStock === 0)).toBe(true);
    expect(products.filter((p) => p.sampleStock > 0).length).toBeGreaterThanOrEqual(40);
  });
});
