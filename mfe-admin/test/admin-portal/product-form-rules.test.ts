import { createProductBodySchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fieldMessages, productFormResolver } from '../../src/screens/admin-portal/product-form-rules.js';
import {
  emptyProductForm,
  productBodyFrom,
  type ProductFormValues,
} from '../../src/screens/admin-portal/product-form-values.js';

const valid: ProductFormValues = { ...emptyProductForm, name: 'Ledger', slug: 'ledger', basePrice: '10' };

async function check(values: ProductFormValues) {
  return productFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

const errorsFor = async (change: Partial<ProductFormValues>) =>
  fieldMessages((await check({ ...valid, ...change })).errors);

describe('the product form rules (SPEC.md §5)', () => {
  it('accepts a form with name, slug and price, and a price of 0', async () => {
    expect(await errorsFor({})).toEqual({});
    expect(await errorsFor({ basePrice: '0' })).toEqual({});
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
    [{ basePrice: '  ' }, { basePrice: 'Price is required' }],
    [{ basePrice: 'abc' }, { basePrice: 'Price is required' }],
    [{ basePrice: '-0.01' }, { basePrice: 'Price must be positive' }],
  ])('%j gives %j', async (change, errors) => {
    expect(await errorsFor(change)).toEqual(errors);
  });

  it('allows lowercase letters, digits and hyphens in a slug', async () => {
    expect(await errorsFor({ slug: 'bank-connect-2' })).toEqual({});
  });

  it('shows each failing field its own first message, all at once', async () => {
    expect(await errorsFor({ name: '', slug: 'Not A Slug!', basePrice: '' })).toEqual({
      name: 'Product name is required',
      slug: 'Slug must contain only lowercase letters, numbers, and hyphens',
      basePrice: 'Price is required',
    });
  });
});

describe('the rules the API adds, refused before sending with its own words', () => {
  it.each([
    [{ name: 'x'.repeat(121) }, { name: 'Name must be at most 120 characters' }],
    [{ slug: 'a'.repeat(81) }, { slug: 'Slug must be at most 80 characters' }],
    [{ description: 'x'.repeat(2001) }, { description: 'Description must be at most 2000 characters' }],
    [{ category: 'x'.repeat(61) }, { category: 'Category must be at most 60 characters' }],
    [{ basePrice: '19.999' }, { basePrice: 'Price can have at most 2 decimal places' }],
    [{ basePrice: '1000000.01' }, { basePrice: 'Price must be at most 1000000' }],
    [{ color: 'blue' }, { color: 'Color must be a hex colour like #3B82F6' }],
  ])('%j gives %j', async (change, errors) => {
    expect(await errorsFor(change)).toEqual(errors);
  });

  it('shows a rule on one feature, or on the list, under the one Features field', async () => {
    expect(await errorsFor({ features: `Ledgers, ${'x'.repeat(201)}` })).toEqual({
      features: 'A feature must be at most 200 characters',
    });
    const fiftyOne = Array.from({ length: 51 }, (_, index) => `F${index}`).join(', ');
    expect(await errorsFor({ features: fiftyOne })).toEqual({ features: 'At most 50 features' });
  });

  it('hands a valid form on as typed, and its body passes the API schema', async () => {
    const typed: ProductFormValues = {
      ...valid,
      name: ' Ledger Pro ',
      description: '',
      basePrice: '19.99',
      features: ' Journals ,, Ledgers ',
    };
    const result = await check(typed);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(typed);
    expect(createProductBodySchema.safeParse(productBodyFrom(typed)).success).toBe(true);
  });
});
