import type { Subscription } from '@app/contracts';

/** SPEC.md §2 "Customer dashboard": productName, else Unknown Product. The embedded product's name comes between. */
export function subscriptionProductName(subscription: Subscription): string {
  return subscription.productName.trim() || subscription.product.name.trim() || 'Unknown Product';
}

const planLabels: Record<string, string> = {
  basic: 'Basic Plan',
  professional: 'Professional Plan',
  enterprise: 'Enterprise Plan',
};

/** SPEC.md §2 "Customer dashboard": the plan, falling back to Basic Plan. */
export function subscriptionPlanLabel(subscription: Pick<Subscription, 'plan'>): string {
  return planLabels[subscription.plan] ?? 'Basic Plan';
}

export function isActiveSubscription(subscription: Pick<Subscription, 'status'>): boolean {
  return subscription.status === 'active';
}
