/** What billing knows of a product from the catalogue's events (its own copy). */
export interface ProductForSale {
  productId: string;
  name: string;
  basePriceCents: number;
  isActive: boolean;
  deleted: boolean;
}

/** Stripe's smallest USD charge; a cheaper product cannot be paid by card. */
export const minimumChargeCents = 50;

export type CheckoutPrice =
  | { kind: 'priced'; amountCents: number }
  | { kind: 'unknown-product' }
  | { kind: 'inactive' }
  | { kind: 'below-minimum'; amountCents: number }
  | { kind: 'price-changed'; amountCents: number };

/**
 * The charge for a checkout (ARCHITECTURE.md "Payments and billing"): the catalogue's current price, never the
 * browser's number. The page's `quotedCents` only has to agree with it, so a buyer is never charged an amount
 * other than the one they were shown.
 */
export function priceCheckout(product: ProductForSale | null, quotedCents: number): CheckoutPrice {
  if (product === null || product.deleted) return { kind: 'unknown-product' };
  if (!product.isActive) return { kind: 'inactive' };
  const amountCents = product.basePriceCents;
  if (amountCents < minimumChargeCents) return { kind: 'below-minimum', amountCents };
  if (quotedCents !== amountCents) return { kind: 'price-changed', amountCents };
  return { kind: 'priced', amountCents };
}
