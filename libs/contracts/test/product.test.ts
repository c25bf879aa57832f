import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createProductBodySchema, patchProductBodySchema } from '../src/index.js';

const valid = { name: 'Risk Score', slug: 'risk-score', basePrice: 349 };

function firstMessage(input: unknown, schema: z.ZodType = createProductBodySchema): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('product form rules (SPEC.md §5)', () => {
  it.each([
    [{ ...valid, name: undefined }, 'Product name is required'],
    [{ ...valid, name: '' }, 'Product name is required'],
    [{ ...valid, name: '   ' }, 'Product name is required'],
    [{ ...valid, name: 'R' }, 'Name must be at least 2 characters'],
    [{ ...valid, slug: undefined }, 'Slug is required'],
    [{ ...valid, slug: '' }, 'Slug is required'],
    [{ ...valid, slug: 'Risk Score' }, 'Slug must contain only lowercase letters, numbers, and hyphens'],
    [{ ...valid, slug: 'risk_score' }, 'Slug must contain only lowercase letters, numbers, and hyphens'],
    [{ ...valid, basePrice: undefined }, 'Price is required'],
    [{ ...valid, basePrice: null }, 'Price is required'],
    [{ ...valid, basePrice: -0.01 }, 'Price must be positive'],
  ])('rejects %o with "%s"', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('reports one message per field, the first rule broken', () => {
    const result = createProductBodySchema.safeParse({ ...valid, name: '' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      'Product name is required',
    ]);
  });

  it('accepts a zero price and prices with cents, not fractions of a cent', () => {
    expect(firstMessage({ ...valid, basePrice: 0 })).toBeUndefined();
    expect(firstMessage({ ...valid, basePrice: 19.99 })).toBeUndefined();
    expect(firstMessage({ ...valid, basePrice: 19.999 })).toBe('Price can have at most 2 decimal places');
  });

  it('rejects a price given as text and fields it does not know', () => {
    expect(firstMessage({ ...valid, basePrice: '349' })).toBe(
      'Invalid input: expected number, received string',
    );
    expect(createProductBodySchema.safeParse({ ...valid, price: 1 }).success).toBe(false);
  });

  it('trims text, drops empty features, normalises colour and empty optional text', () => {
    const parsed = createProductBodySchema.parse({
      ...valid,
      name: '  Risk Score ',
      description: '  ',
      color: '#abcdef',
      features: [' Real-time scoring ', '', '  '],
    });
    expect(parsed).toMatchObject({
      name: 'Risk Score',
      description: null,
      color: '#ABCDEF',
      features: ['Real-time scoring'],
    });
  });

  it('rejects an icon outside the three the catalogue draws', () => {
    expect(firstMessage({ ...valid, icon: 'Rocket' })).toBe('Icon must be one of BarChart3, Link, Shield');
  });

  it('needs at least one field in a partial update and checks the ones given', () => {
    expect(firstMessage({}, patchProductBodySchema)).toBe('Nothing to update: send at least one field');
    expect(firstMessage({ basePrice: -1 }, patchProductBodySchema)).toBe('Price must be positive');
    expect(firstMessage({ isActive: false }, patchProductBodySchema)).toBeUndefined();
  });
});
