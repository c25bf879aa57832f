import { describe, expect, it } from 'vitest';
import {
  keptFeatures,
  parsePrice,
  productInfoFrom,
  productInfoPatch,
} from '../../src/screens/product-details/product-edit.js';
import { aProduct } from '../support/fixtures.js';

describe('product details edits (SPEC.md §5)', () => {
  it.each([
    ['12.5', 12.5],
    ['0', 0],
    ['', 0],
    ['abc', 0],
  ])('parses the base price %j as %j', (text, price) => {
    expect(parsePrice(text)).toBe(price);
  });

  it('drops empty features and trims the rest', () => {
    expect(keptFeatures(['a', '', '  ', ' b '])).toEqual(['a', 'b']);
  });

  it('round-trips a product through the form into a PATCH body', () => {
    const product = aProduct({ description: null, category: null });
    expect(productInfoPatch(productInfoFrom(product))).toEqual({
      name: product.name,
      description: '',
      basePrice: product.basePrice,
      category: '',
      color: product.color,
      isActive: product.isActive,
    });
  });
});
