import { describe, expect, it } from 'vitest';
import { priceCheckout, type ProductForSale } from '../../src/domain/payment/checkout-price.js';

const product = (overrides: Partial<ProductForSale> = {}): ProductForSale => ({
  productId: '0196f2a0-0000-7000-8000-0000000000e1',
  name: 'Ledger',
  basePriceCents: 4_999,
  basicPriceCents: null,
  enterprisePriceCents: null,
  isActive: true,
  deleted: false,
  ...overrides,
});

describe('checkout price', () => {
  it('charges the catalogue price when the page showed it', () => {
    expect(priceCheckout(product(), 'professional', 4_999)).toEqual({ kind: 'priced', amountCents: 4_999 });
  });

  it('refuses another amount, naming the current price', () => {
    expect(priceCheckout(product(), 'professional', 4_900)).toEqual({
      kind: 'price-changed',
      amountCents: 4_999,
    });
    expect(priceCheckout(product(), 'professional', 5_000)).toEqual({
      kind: 'price-changed',
      amountCents: 4_999,
    });
  });

  it('refuses unknown, deleted and inactive products, and prices a card cannot pay', () => {
    expect(priceCheckout(null, 'professional', 4_999)).toEqual({ kind: 'unknown-product' });
    expect(priceCheckout(product({ deleted: true }), 'professional', 4_999)).toEqual({
      kind: 'unknown-product',
    });
    expect(priceCheckout(product({ isActive: false }), 'professional', 4_999)).toEqual({ kind: 'inactive' });
    expect(priceCheckout(product({ basePriceCents: 49 }), 'professional', 49)).toEqual({
      kind: 'below-minimum',
      amountCents: 49,
    });
    expect(priceCheckout(product({ basePriceCents: 0 }), 'professional', 0)).toEqual({
      kind: 'below-minimum',
      amountCents: 0,
    });
  });

  it('charges the chosen plan its own price, and refuses a plan the product does not offer', () => {
    const planned = product({ basicPriceCents: 1_999, enterprisePriceCents: 9_999 });
    expect(priceCheckout(planned, 'basic', 1_999)).toEqual({ kind: 'priced', amountCents: 1_999 });
    expect(priceCheckout(planned, 'enterprise', 9_999)).toEqual({ kind: 'priced', amountCents: 9_999 });
    expect(priceCheckout(planned, 'professional', 4_999)).toEqual({ kind: 'priced', amountCents: 4_999 });
    expect(priceCheckout(planned, 'basic', 4_999)).toEqual({ kind: 'price-changed', amountCents: 1_999 });
    expect(priceCheckout(product(), 'basic', 1_999)).toEqual({ kind: 'plan-not-offered', plan: 'basic' });
    expect(priceCheckout(product({ enterprisePriceCents: 9_999 }), 'basic', 4_999)).toEqual({
      kind: 'plan-not-offered',
      plan: 'basic',
    });
  });
});
