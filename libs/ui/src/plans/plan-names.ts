import type { SubscriptionPlan } from '@app/contracts';

/** SPEC.md §2 names the plans Basic, Professional and Enterprise; the API sends them lower-case. */
const planNames: Record<SubscriptionPlan, string> = {
  basic: 'Basic',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/** A plan as a sentence names it: "Basic". */
export function planName(plan: SubscriptionPlan): string {
  return planNames[plan];
}
