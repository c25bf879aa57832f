import type { PatchSubscriptionBody, Subscription } from '@app/contracts';
import { secretField, untouchedSecret, type SecretValue } from './secret-value.js';

export interface SubscriptionEditValues {
  domainUrl: string;
  /** The API never returns the key, so the input starts empty: keep, replace or remove. */
  metricsApiKey: SecretValue;
}

export function subscriptionEditValues(subscription: Subscription): SubscriptionEditValues {
  return { domainUrl: subscription.domainUrl ?? '', metricsApiKey: untouchedSecret };
}

/**
 * The row's Save (SPEC.md §7: domainUrl and metricsApiKey). The contract reads an absent key as "keep" and ''
 * as "clear", so an untouched key input leaves the key alone.
 */
export function subscriptionEditBody(values: SubscriptionEditValues): PatchSubscriptionBody {
  const domainUrl = values.domainUrl.trim();
  const metricsApiKey = secretField(values.metricsApiKey);
  return metricsApiKey === undefined ? { domainUrl } : { domainUrl, metricsApiKey };
}

export function subscriptionProductName(subscription: Subscription): string {
  const name = subscription.product.name.trim() || subscription.productName.trim();
  return name === '' ? 'Unknown Product' : name;
}
