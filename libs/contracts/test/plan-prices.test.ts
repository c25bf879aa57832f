import { describe, expect, it } from 'vitest';
import {
  basicPriceOrderMessage,
  createProductBodySchema,
  enterprisePriceOrderMessage,
  offeredPlans,
  patchProductBodySchema,
  planPrice,
  planPriceCents,
  productSchema,
} from '../src/index.js';

const valid = { name: 'Risk Score', slug: 'risk-score', basePrice: 349 };

function messagesOf(input: unknown): { path: string; message: string }[] {
  const result = createProductBodySchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('plan prices on the product body', () => {
  it('leaves basic and enterprise out when absent: those plans are not offered', () => {
    const parsed = createProductBodySchema.parse(valid);
    expect(parsed.basicPrice ?? null).toBeNull();
    expect(parsed.enterprisePrice ?? null).toBeNull();
    expect(
      createProductBodySchema.parse({ ...valid, basicPrice: null, enterprisePrice: null }),
    ).toMatchObject({
      basicPrice: null,
      enterprisePrice: null,
    });
  });

  it('accepts basic below and enterprise above the professional (base) price', () => {
    expect(messagesOf({ ...valid, basicPrice: 99, enterprisePrice: 999.99 })).toEqual([]);
  });

  it.each([
    [{ basicPrice: 349 }, 'basicPrice', basicPriceOrderMessage],
    [{ basicPrice: 400 }, 'basicPrice', basicPriceOrderMessage],
    [{ enterprisePrice: 349 }, 'enterprisePrice', enterprisePriceOrderMessage],
    [{ enterprisePrice: 100 }, 'enterprisePrice', enterprisePriceOrderMessage],
    [{ basicPrice: -1 }, 'basicPrice', 'Basic price must be positive'],
    [{ enterprisePrice: 500.001 }, 'enterprisePrice', 'Enterprise price can have at most 2 decimal places'],
    [{ enterprisePrice: 2_000_000 }, 'enterprisePrice', 'Enterprise price must be at most 1000000'],
  ])('refuses %o on %s with "%s"', (prices, path, message) => {
    expect(messagesOf({ ...valid, ...prices })).toEqual([{ path, message }]);
  });

  it('lets PATCH clear a plan with null', () => {
    expect(patchProductBodySchema.parse({ basicPrice: null })).toEqual({ basicPrice: null });
  });

  it('requires the plan prices on every product the API returns', () => {
    const product = {
      id: '019a0000-0000-7000-8000-00000000a001',
      ...valid,
      description: null,
      category: null,
      color: '#3B82F6',
      icon: 'BarChart3',
      features: [],
      isActive: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(productSchema.safeParse(product).success).toBe(false);
    expect(productSchema.safeParse({ ...product, basicPrice: null, enterprisePrice: 500 }).success).toBe(
      true,
    );
  });
});

describe('planPrice, planPriceCents and offeredPlans', () => {
  const product = { basePrice: 349, basicPrice: 99, enterprisePrice: null };

  it('prices professional at the base price and the others at their own, null when not offered', () => {
    expect(planPrice(product, 'professional')).toBe(349);
    expect(planPrice(product, 'basic')).toBe(99);
    expect(planPrice(product, 'enterprise')).toBeNull();
    expect(planPriceCents({ basePriceCents: 34900, enterprisePriceCents: 99900 }, 'enterprise')).toBe(99900);
    expect(planPriceCents({ basePriceCents: 34900 }, 'basic')).toBeNull();
  });

  it('offers professional always, and the others only with a price, cheapest first', () => {
    expect(offeredPlans({ basePrice: 10 })).toEqual(['professional']);
    expect(offeredPlans(product)).toEqual(['basic', 'professional']);
    expect(offeredPlans({ basePrice: 10, basicPrice: 0, enterprisePrice: 20 })).toEqual([
      'basic',
      'professional',
      'enterprise',
    ]);
  });
});
