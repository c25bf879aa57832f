import { describe, expect, it } from 'vitest';
import {
  emptyProductForm,
  formErrorsFrom,
  productBodyFrom,
  replacementOf,
  splitFeatures,
  type ProductFormValues,
} from '../../src/screens/admin-portal/product-form-values.js';
import { aProduct } from '../support/fixtures.js';

const valid: ProductFormValues = { ...emptyProductForm, name: 'Ledger', slug: 'ledger', basePrice: '10' };

describe('the product bodies', () => {
  it('splits features on commas, trims them and drops empty ones', () => {
    expect(splitFeatures(' a , b,,c ,  ')).toEqual(['a', 'b', 'c']);
    expect(splitFeatures('')).toEqual([]);
  });

  it('sends the price as a number', () => {
    expect(productBodyFrom({ ...valid, basePrice: '19.99' }).basePrice).toBe(19.99);
  });

  it('resends every field of the product for a PUT, with the change applied', () => {
    const product = aProduct({ isActive: true });
    expect(replacementOf(product, { isActive: false })).toEqual({
      name: product.name,
      slug: product.slug,
      description: product.description,
      basePrice: product.basePrice,
      basicPrice: product.basicPrice,
      enterprisePrice: product.enterprisePrice,
      category: product.category,
      color: product.color,
      icon: product.icon,
      features: product.features,
      isActive: false,
    });
  });

  it("keeps the server's messages that belong to a form field", () => {
    expect(
      formErrorsFrom({ slug: 'Slug is taken', 'features.1': 'Too long', 'features.2': 'Also', icon: 'x' }),
    ).toEqual({ slug: 'Slug is taken', features: 'Too long' });
  });
});
