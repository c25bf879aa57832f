import { subscriptionPlans, type Subscription } from '@app/contracts';
import { planName } from '@app/ui/plans';

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

const planLabels: ReadonlyMap<string, string> = new Map(
  subscriptionPlans.map((plan) => [plan, `${planName(plan)} Plan`]),
);

/** SPEC.md §2 "Customer dashboard": the plan, falling back to Basic Plan. */
export function subscriptionPlanLabel(subscription: LabelledSubscription): string {
  return planLabels.get(subscription.plan ?? '') ?? 'Basic Plan';
}

export function isActiveSubscription(subscription: Pick<Subscription, 'status'>): boolean {
  return subscription.status === 'active';
}
