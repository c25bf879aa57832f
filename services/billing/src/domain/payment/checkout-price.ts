import { planPriceCents, type SubscriptionPlan } from '@app/contracts';

/** What billing knows of a product from the catalogue's events (its own copy). */
export interface ProductForSale {
  productId: string;
  name: string;
  /** The professional plan's price. */
  basePriceCents: number;
  /** null: the product does not offer that plan. */
  basicPriceCents: number | null;
  enterprisePriceCents: number | null;
  isActive: boolean;
  deleted: boolean;
}

/** Stripe's smallest USD charge; a cheaper product cannot be paid by card. */
export const minimumChargeCents = 50;

export type CheckoutPrice =
  | { kind: 'priced'; amountCents: number }
  | { kind: 'unknown-product' }
  | { kind: 'inactive' }
  | { kind: 'plan-not-offered'; plan: SubscriptionPlan }
  | { kind: 'below-minimum'; amountCents: number }
  | { kind: 'price-changed'; amountCents: number };

/**
 * The charge for a checkout (ARCHITECTURE.md "Payments and billing"): the catalogue's current price of the chosen
 * plan, never the browser's number. The page's `quotedCents` only has to agree with it, so a buyer is never
 * charged an amount other than the one they were shown.
 */
export function priceCheckout(
  product: ProductForSale | null,
  plan: SubscriptionPlan,
  quotedCents: number,
): CheckoutPrice {
  if (product === null || product.deleted) return { kind: 'unknown-product' };
  if (!product.isActive) return { kind: 'inactive' };
  const amountCents = planPriceCents(product, plan);
  if (amountCents === null) return { kind: 'plan-not-offered', plan };
  if (amountCents < minimumChargeCents) return { kind: 'below-minimum', amountCents };
  if (quotedCents !== amountCents) return { kind: 'price-changed', amountCents };
  return { kind: 'priced', amountCents };
}
