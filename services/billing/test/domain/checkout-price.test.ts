import { describe, expect, it } from 'vitest';
import { priceCheckout, type ProductForSale } from '../../src/domain/payment/checkout-price.js';

const product = (overrides: Partial<ProductForSale> = {}): ProductForSale => ({
  productId: '0196f2a0-0000-7000-8000-0000000000e1',
  name: 'Ledger',
  basePriceCents: 4_999,
  isActive: true,
  deleted: false,
  ...overrides,
});

describe('checkout price', () => {
  it('charges the catalogue price when the page showed it', () => {
    expect(priceCheckout(product(), 4_999)).toEqual({ kind: 'priced', amountCents: 4_999 });
  });

  it('refuses another amount, naming the current price', () => {
    expect(priceCheckout(product(), 4_900)).toEqual({ kind: 'price-changed', amountCents: 4_999 });
    expect(priceCheckout(product(), 5_000)).toEqual({ kind: 'price-changed', amountCents: 4_999 });
  });

  it('refuses unknown, deleted and inactive products, and prices a card cannot pay', () => {
    expect(priceCheckout(null, 4_999)).toEqual({ kind: 'unknown-product' });
    expect(priceCheckout(product({ deleted: true }), 4_999)).toEqual({ kind: 'unknown-product' });
    expect(priceCheckout(product({ isActive: false }), 4_999)).toEqual({ kind: 'inactive' });
    expect(priceCheckout(product({ basePriceCents: 49 }), 49)).toEqual({
      kind: 'below-minimum',
      amountCents: 49,
    });
    expect(priceCheckout(product({ basePriceCents: 0 }), 0)).toEqual({
      kind: 'below-minimum',
      amountCents: 0,
    });
  });
});
