import type { AdminProduct } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import {
  centsToDollarText,
  checkProductForm,
  dollarsToCents,
  emptyProductForm,
  formFieldOf,
  type ProductFormValues,
  productFormFrom,
  toProductInput,
} from './product-form.ts';

function filled(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...emptyProductForm(),
    brandId: '1',
    title: 'Cinnamon Roll Whey',
    flavor: 'Cinnamon Roll',
    mainFlavorId: '8',
    otherFlavorIds: [1],
    proteinType: 'whey',
    textureId: '0',
    allergens: ['Milk'],
    diets: ['Gluten-free'],
    gramsProtein: '25',
    sizeLbs: '2',
    description: 'Warm cinnamon.',
    suggestedUse: 'Shake with milk.',
    servingSizeG: '32',
    calories: '120',
    totalFatG: '1.5',
    totalCarbsG: '4',
    fiberG: '0',
    totalSugarsG: '2',
    listPrice: '42.99',
    discountPercent: '30',
    sampleStock: '100',
    tubStock: '20',
    tubImagePath: '/catalog/products/1-tub.svg',
    sampleImagePath: '/catalog/products/1-sample.svg',
    nutritionImagePath: '/catalog/nutrition/1.svg',
    ...overrides,
  };
}

describe('dollarsToCents', () => {
  it.each([
    ['42.99', 4299],
    ['42.9', 4290],
    ['$1,042', 104200],
    [' 7 ', 700],
  ])('reads %s as %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each(['', '42.999', '-5', 'abc', '1e3'])('refuses %j', (text) => {
    expect(dollarsToCents(text)).toBeNaN();
  });

  it('round-trips with centsToDollarText', () => {
    for (const cents of [1, 99, 100, 4299, 123456])
      expect(dollarsToCents(centsToDollarText(cents))).toBe(cents);
  });
});

describe('checkProductForm', () => {
  it('builds the API input: main flavor first, price in cents', () => {
    const result = checkProductForm(filled());
    expect(result.errors).toBeUndefined();
    expect(result.input).toMatchObject({
      flavorIds: [8, 1],
      listPriceCents: 4299,
      nutrition: { totalFatG: 1.5 },
    });
  });

  it('puts each problem under the field that shows it', () => {
    const { errors } = checkProductForm(
      filled({
        listPrice: '0',
        discountPercent: '60',
        gramsProtein: '',
        mainFlavorId: '',
        fiberG: '9',
        diets: ['Vegan'],
        tubImagePath: '',
      }),
    );
    expect(errors).toMatchObject({
      listPrice: expect.stringMatching(/price/),
      discountPercent: 'Enter a member discount from 25 to 50 percent.',
      gramsProtein: expect.stringMatching(/protein/),
      mainFlavorId: 'Please choose a flavor family.',
      fiberG: 'Fiber cannot be more than the carbohydrates.',
      diets: 'Vegan needs a plant protein with no milk or egg.',
      tubImagePath: 'Please upload the tub image.',
    });
  });

  it('does not repeat the main flavor among the others', () => {
    expect(toProductInput(filled({ mainFlavorId: '1', otherFlavorIds: [1, 2] })).flavorIds).toEqual([1, 2]);
  });
});

describe('productFormFrom', () => {
  it('gives back the values a saved product came from', () => {
    const input = checkProductForm(filled()).input!;
    const saved: AdminProduct = {
      ...input,
      id: 10001,
      brandName: 'Ironclad Nutrition',
      memberPriceCents: 3009,
      isActive: true,
      updatedAt: '2025-01-01T00:00:00.000Z',
      nutrition: { ...input.nutrition, ingredients: '' },
    };
    expect(checkProductForm(productFormFrom(saved)).input).toEqual({
      ...input,
      nutrition: { ...input.nutrition, ingredients: '' },
    });
  });
});

describe('formFieldOf', () => {
  it('maps API paths to form fields', () => {
    expect(formFieldOf('nutrition.calories')).toBe('calories');
    expect(formFieldOf('allergens.2')).toBe('allergens');
    expect(formFieldOf('listPriceCents')).toBe('listPrice');
    expect(formFieldOf('_')).toBeUndefined();
  });
});
