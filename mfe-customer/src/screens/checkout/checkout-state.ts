import type { BillingConfig, Product } from '@app/contracts';
import { isUnauthorizedError } from '@app/web-data';

/**
 * Where the checkout stands before paying (SPEC.md §4 "Checkout: loading, then ready"), and the ways it cannot
 * get there: each of those has its own toast and destination (SPEC.md §8), except `broken`, the fallback page.
 */
export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'unauthorized' }
  | { kind: 'product-not-found' }
  | { kind: 'loading-error' }
  | { kind: 'broken' }
  | { kind: 'ready'; product: Product; provider: CheckoutProvider; clientSecret: string };

/** The provider as the page loads it: Stripe always with its publishable key. */
export type CheckoutProvider = { name: 'sandbox' } | { name: 'stripe'; publishableKey: string };

interface Read<T> {
  data: T | undefined;
  error: Error | null;
}

export interface CheckoutInputs {
  /** The active product the URL names: null when there is none, undefined until it is known. */
  product: Read<Product | null>;
  config: Read<BillingConfig>;
  intent: Read<{ clientSecret: string }>;
}

export function checkoutState({ product: lookup, config, intent }: CheckoutInputs): CheckoutState {
  const errors = [lookup.error, config.error, intent.error];
  if (errors.some(isUnauthorizedError)) return { kind: 'unauthorized' };
  if (lookup.error || config.error) return { kind: 'broken' };
  if (lookup.data === undefined) return { kind: 'loading' };
  const product = lookup.data;
  if (!product) return { kind: 'product-not-found' };
  if (intent.error) return { kind: 'loading-error' };
  if (!config.data || !intent.data) return { kind: 'loading' };
  const provider = checkoutProvider(config.data);
  if (!provider) return { kind: 'broken' };
  return { kind: 'ready', product, provider, clientSecret: intent.data.clientSecret };
}

function checkoutProvider({ provider, publishableKey }: BillingConfig): CheckoutProvider | null {
  if (provider === 'sandbox') return { name: 'sandbox' };
  return publishableKey ? { name: 'stripe', publishableKey } : null;
}
