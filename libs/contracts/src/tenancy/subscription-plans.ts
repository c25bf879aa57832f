/**
 * SPEC.md §3 Subscription's plans and statuses and §4's rules on them, without their zod schemas
 * (subscription.ts): the screens show and compare these, and a screen that imports no schema downloads no zod.
 */
export const subscriptionPlans = ['basic', 'professional', 'enterprise'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];
export const defaultSubscriptionPlan: SubscriptionPlan = 'professional';

export const subscriptionStatuses = ['active', 'trial', 'suspended', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A live subscription counts against "one per product per tenant"; only a cancelled one does not. */
export function isLiveSubscriptionStatus(status: SubscriptionStatus): boolean {
  return status !== 'cancelled';
}

/** SPEC.md §4: Deactivate/Activate turns active into cancelled and anything else into active. */
export function toggledSubscriptionStatus(status: SubscriptionStatus): 'active' | 'cancelled' {
  return status === 'active' ? 'cancelled' : 'active';
}

/** The add dialog offers these three (SPEC.md §9); cancelled is reached only by the toggle. */
export const startableSubscriptionStatuses = ['active', 'trial', 'suspended'] as const;
export type StartableSubscriptionStatus = (typeof startableSubscriptionStatuses)[number];
