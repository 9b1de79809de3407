import { describe, expect, it } from 'vitest';
import { productName } from './catalog.ts';

describe('productName: a product is named with its flavor', () => {
  it('joins the title and the flavor of a catalog row, a product or an order line', () => {
    expect(productName({ title: 'Organic Plant Protein', flavor: 'Chocolate' })).toBe(
      'Organic Plant Protein, Chocolate',
    );
    expect(productName({ title: 'Sprouted Protein', flavorSubCategoryText: 'Vanilla Chai' })).toBe(
      'Sprouted Protein, Vanilla Chai',
    );
    expect(
      productName({
        title: 'Sample',
        productTitle: 'Gold Standard Whey',
        flavorSubCategoryText: 'Double Rich Chocolate',
      }),
    ).toBe('Gold Standard Whey, Double Rich Chocolate');
  });

  it('does not repeat a flavor the title already ends with, and keeps a title without a flavor', () => {
    expect(productName({ title: 'Whey Isolate Chocolate', flavor: 'chocolate' })).toBe(
      'Whey Isolate Chocolate',
    );
    expect(productName({ title: 'Flex plan', flavorSubCategoryText: '' })).toBe('Flex plan');
    expect(productName({ title: ' Casein ', flavor: null })).toBe('Casein');
  });
});
