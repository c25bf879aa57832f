import {
  offeredPlans,
  planPrice,
  subscriptionPlans,
  type Product,
  type ScheduledPlanChange,
  type Subscription,
  type SubscriptionPlan,
} from '@app/contracts';
import { Badge } from '../components/badge.js';
import type { Choice } from '../components/choice-list.js';
import { formatUsd } from '../lib/money.js';
import type { PlanChangeAudience } from './plan-change-audience.js';
import { planName } from './plan-names.js';

/** The admin screens write a monthly price as SPEC.md §1 does ($29.00/mo); the customer's dialog spells it out. */
const perMonth: Record<PlanChangeAudience, string> = { admin: '/mo', customer: '/month' };

/**
 * The plans the product offers, and the subscription's own even if it no longer does, cheapest first, each at
 * its monthly price (the subscription's own at what it pays now). The current plan can be chosen only to drop a
 * scheduled change; the scheduled one is chosen already.
 */
export function planChoices(
  subscription: Subscription,
  product: Product,
  scheduled: ScheduledPlanChange | null,
  audience: PlanChangeAudience,
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
        label: planName(plan),
        aside: (
          <>
            {current && <Badge variant="secondary">Current plan</Badge>}
            {isScheduled && <Badge variant="outline">Scheduled</Badge>}
            <span className="text-sm">{`${formatUsd(price)}${perMonth[audience]}`}</span>
          </>
        ),
        disabled: current ? scheduled === null : isScheduled,
      };
    });
}
