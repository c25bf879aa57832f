import { subscriptionPlans, type SubscriptionPlan } from '../tenancy/subscription-plans.js';

/**
 * A product's price per plan (issue 19): `professional` is its base price, `basic` and `enterprise` are its own
 * prices when the product offers them (null or absent: not offered). One rule for the screens (dollars) and the
 * services (cents): the amount unit does not matter to it.
 */
export interface PlanPrices {
  basic: number | null;
  professional: number;
  enterprise: number | null;
}

/** A product as the API returns it (dollars); the plan prices are optional for an older answer. */
export interface ProductPlanPricesInDollars {
  basePrice: number;
  basicPrice?: number | null;
  enterprisePrice?: number | null;
}

/** A product as the services keep it (cents); the plan prices are optional for an older event. */
export interface ProductPlanPricesInCents {
  basePriceCents: number;
  basicPriceCents?: number | null;
  enterprisePriceCents?: number | null;
}

const inDollars = (product: ProductPlanPricesInDollars): PlanPrices => ({
  basic: product.basicPrice ?? null,
  professional: product.basePrice,
  enterprise: product.enterprisePrice ?? null,
});

const inCents = (product: ProductPlanPricesInCents): PlanPrices => ({
  basic: product.basicPriceCents ?? null,
  professional: product.basePriceCents,
  enterprise: product.enterprisePriceCents ?? null,
});

/** The monthly price of `plan` in dollars, or null when the product does not offer it. */
export function planPrice(product: ProductPlanPricesInDollars, plan: SubscriptionPlan): number | null {
  return inDollars(product)[plan];
}

/** The monthly price of `plan` in cents, or null when the product does not offer it. */
export function planPriceCents(product: ProductPlanPricesInCents, plan: SubscriptionPlan): number | null {
  return inCents(product)[plan];
}

/** The plans a product offers, cheapest first; professional always. */
export function offeredPlans(product: ProductPlanPricesInDollars): SubscriptionPlan[] {
  return subscriptionPlans.filter((plan) => planPrice(product, plan) !== null);
}

export const basicPriceOrderMessage = 'Basic price must be lower than the base (professional) price';
export const enterprisePriceOrderMessage =
  'Enterprise price must be higher than the base (professional) price';

/**
 * The order a product's plans keep: basic cheaper than professional, enterprise dearer. Each problem names the
 * API field at fault, so the form and the server show the same sentence under the same field.
 */
export function planPriceOrderProblems(prices: PlanPrices): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (prices.basic !== null && prices.basic >= prices.professional) {
    problems.push({ path: 'basicPrice', message: basicPriceOrderMessage });
  }
  if (prices.enterprise !== null && prices.enterprise <= prices.professional) {
    problems.push({ path: 'enterprisePrice', message: enterprisePriceOrderMessage });
  }
  return problems;
}

/** The order problems of a product in dollars (the API and the form). */
export const productPlanPriceProblems = (product: ProductPlanPricesInDollars) =>
  planPriceOrderProblems(inDollars(product));

/** The order problems of a product in cents (the catalogue's decide). */
export const productPlanPriceProblemsInCents = (product: ProductPlanPricesInCents) =>
  planPriceOrderProblems(inCents(product));
