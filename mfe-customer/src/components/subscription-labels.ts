import type { Subscription, SubscriptionPlan } from '@app/contracts';

/**
 * The fields a subscription's labels read, each possibly missing: an old or partial record may lack any of them
 * whatever the API's type says, and SPEC.md §2 names what to show then rather than a crashed screen.
 */
interface LabelledSubscription {
  productName?: string | null;
  product?: { name?: string | null } | null;
  plan?: string | null;
}

/** SPEC.md §2 "Customer dashboard": productName, else Unknown Product. The embedded product's name comes between. */
export function subscriptionProductName(subscription: LabelledSubscription): string {
  return subscription.productName?.trim() || subscription.product?.name?.trim() || 'Unknown Product';
}

const planNames: Record<SubscriptionPlan, string> = {
  basic: 'Basic',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/** A plan as a sentence names it: "Basic". */
export function planName(plan: SubscriptionPlan): string {
  return planNames[plan];
}

const planLabels: ReadonlyMap<string, string> = new Map(
  Object.entries(planNames).map(([plan, name]) => [plan, `${name} Plan`]),
);

/** SPEC.md §2 "Customer dashboard": the plan, falling back to Basic Plan. */
export function subscriptionPlanLabel(subscription: LabelledSubscription): string {
  return planLabels.get(subscription.plan ?? '') ?? 'Basic Plan';
}

export function isActiveSubscription(subscription: Pick<Subscription, 'status'>): boolean {
  return subscription.status === 'active';
}
