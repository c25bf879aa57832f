import {
  offeredPlans,
  planPrice,
  subscriptionPlans,
  type Product,
  type ScheduledPlanChange,
  type Subscription,
  type SubscriptionPlan,
} from '@app/contracts';
import { Badge, formatUsd, type Choice } from '@app/ui';
import { capitalized } from './labels.js';

/**
 * The plans the product offers, and the subscription's own even if it no longer does, cheapest first, each at
 * its monthly price (the subscription's own at what it pays now). The current plan can be chosen only to drop a
 * scheduled change; the scheduled one is chosen already.
 */
export function adminPlanChoices(
  subscription: Subscription,
  product: Product,
  scheduled: ScheduledPlanChange | null,
): Choice<SubscriptionPlan>[] {
  const offered = offeredPlans(product);
  return subscriptionPlans
    .filter((plan) => plan === subscription.plan || offered.includes(plan))
    .map((plan) => {
      const current = plan === subscription.plan;
      const isScheduled = scheduled?.plan === plan;
      const price = current ? subscription.amount : (planPrice(product, plan) ?? 0);
      return {
        value: plan,
        label: capitalized(plan),
        aside: (
          <>
            {current && <Badge variant="secondary">Current plan</Badge>}
            {isScheduled && <Badge variant="outline">Scheduled</Badge>}
            <span className="text-sm">{formatUsd(price)}/mo</span>
          </>
        ),
        disabled: current ? scheduled === null : isScheduled,
      };
    });
}
