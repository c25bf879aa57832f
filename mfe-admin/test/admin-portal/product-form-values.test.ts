import { describe, expect, it } from 'vitest';
import {
  emptyProductForm,
  formErrorsFrom,
  productBodyFrom,
  replacementOf,
  splitFeatures,
  validateProductForm,
  type ProductFormValues,
} from '../../src/screens/admin-portal/product-form-values.js';
import { aProduct } from '../support/fixtures.js';

const valid: ProductFormValues = { ...emptyProductForm, name: 'Ledger', slug: 'ledger', basePrice: '10' };
const errorsFor = (change: Partial<ProductFormValues>) => validateProductForm({ ...valid, ...change });

describe('the product form rules (SPEC.md §5)', () => {
  it('accepts a form with name, slug and price, and a price of 0', () => {
    expect(validateProductForm(valid)).toEqual({});
    expect(errorsFor({ basePrice: '0' })).toEqual({});
  });

  it.each([
    [{ name: '' }, { name: 'Product name is required' }],
    [{ name: '   ' }, { name: 'Product name is required' }],
    [{ name: 'L' }, { name: 'Name must be at least 2 characters' }],
    [{ name: ' L ' }, { name: 'Name must be at least 2 characters' }],
    [{ slug: '' }, { slug: 'Slug is required' }],
    [{ slug: 'Ledger' }, { slug: 'Slug must contain only lowercase letters, numbers, and hyphens' }],
    [{ slug: 'led ger' }, { slug: 'Slug must contain only lowercase letters, numbers, and hyphens' }],
    [{ slug: 'led_ger' }, { slug: 'Slug must contain only lowercase letters, numbers, and hyphens' }],
    [{ basePrice: '' }, { basePrice: 'Price is required' }],
    [{ basePrice: '-0.01' }, { basePrice: 'Price must be positive' }],
  ])('%j gives %j', (change, errors) => {
    expect(errorsFor(change)).toEqual(errors);
  });

  it('allows lowercase letters, digits and hyphens in a slug', () => {
    expect(errorsFor({ slug: 'bank-connect-2' })).toEqual({});
  });
});

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
