import {
  AdminProductInputSchema,
  dietLabelProblems,
  PRODUCT_ALLERGENS,
  PRODUCT_DIETS,
  PRODUCT_PROTEIN_TYPES,
} from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { slugOf } from './catalog-editor.ts';
import { demoProducts } from './demo-catalog.ts';
import { Allergens, DIET_LABEL_BY_PREFERENCE, ProteinTypes } from './reference-lists.ts';

describe('the back office form and matching agree', () => {
  it('offers the allergens and protein types matching knows', () => {
    expect([...PRODUCT_ALLERGENS]).toEqual([...Allergens]);
    expect([...PRODUCT_PROTEIN_TYPES]).toEqual([...ProteinTypes]);
    for (const label of Object.values(DIET_LABEL_BY_PREFERENCE)) expect(PRODUCT_DIETS).toContain(label);
  });

  it('accepts every demo product as it is seeded', () => {
    for (const p of demoProducts()) {
      const input = {
        brandId: p.brandId,
        title: p.title,
        flavor: p.flavor,
        flavorIds: p.flavorIds,
        proteinType: p.proteinType,
        textureId: p.textureId,
        allergens: p.allergens,
        diets: p.diets,
        gramsProtein: p.gramsProtein,
        sizeLbs: p.sizeLbs,
        description: p.description,
        suggestedUse: p.suggestedUse,
        nutrition: {
          servingSizeG: p.nutrition.servingSizeG,
          calories: p.nutrition.calories,
          totalFatG: p.nutrition.totalFatG,
          totalCarbsG: p.nutrition.totalCarbsG,
          fiberG: p.nutrition.fiberG,
          totalSugarsG: p.nutrition.totalSugarsG,
          ingredients: p.nutrition.ingredients,
        },
        listPriceCents: p.listPriceCents,
        discountPercent: p.discountPercent,
        sampleStock: p.sampleStock,
        tubStock: p.tubStock,
        tubImagePath: p.tubImage,
        sampleImagePath: p.sampleImage,
        nutritionImagePath: p.nutritionImage,
      };
      const result = AdminProductInputSchema.safeParse(input);
      expect(result.success, `product ${p.id}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });
});

describe('dietLabelProblems', () => {
  const nutrition = { totalCarbsG: 3, fiberG: 1, totalSugarsG: 1 };

  it('refuses Vegan on anything but a plant protein free of milk and egg', () => {
    expect(
      dietLabelProblems({ proteinType: 'whey', allergens: [], diets: ['Vegan'], nutrition }),
    ).toHaveLength(1);
    expect(
      dietLabelProblems({ proteinType: 'plant', allergens: ['Egg'], diets: ['Vegan'], nutrition }),
    ).toHaveLength(1);
    expect(
      dietLabelProblems({ proteinType: 'plant', allergens: ['Soy'], diets: ['Vegan'], nutrition }),
    ).toEqual([]);
  });

  it('measures Keto and Low carb on net carbs (carbs less fiber)', () => {
    const label = { proteinType: 'plant', allergens: [], diets: ['Keto', 'Low carb'] };
    expect(
      dietLabelProblems({ ...label, nutrition: { totalCarbsG: 6, fiberG: 3, totalSugarsG: 1 } }),
    ).toEqual([]);
    expect(
      dietLabelProblems({ ...label, nutrition: { totalCarbsG: 6, fiberG: 0, totalSugarsG: 1 } }).map(
        ([d]) => d,
      ),
    ).toEqual(['Keto', 'Low carb']);
  });

  it('refuses a free-from label when the allergen is there', () => {
    const problems = dietLabelProblems({
      proteinType: 'whey',
      allergens: ['Milk', 'Wheat', 'Soy'],
      diets: ['Lactose-free', 'Gluten-free', 'Soy-free'],
      nutrition,
    });
    expect(problems.map(([d]) => d)).toEqual(['Gluten-free', 'Lactose-free', 'Soy-free']);
  });
});

describe('slugOf', () => {
  it('turns a brand name into a URL-safe slug', () => {
    expect(slugOf('Velvet Scoop')).toBe('velvet-scoop');
    expect(slugOf('  Crème Brûlée & Co.  ')).toBe('creme-brulee-co');
    expect(slugOf('<img src=x>')).toBe('img-src-x');
    expect(slugOf('%%%')).toBe('brand');
  });
});
