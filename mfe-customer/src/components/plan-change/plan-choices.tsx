import {
  offeredPlans,
  planPrice,
  subscriptionPlans,
  type Product,
  type ScheduledPlanChange,
  type Subscription,
  type SubscriptionPlan,
} from '@app/contracts';
import { Badge, formatUsd } from '@app/ui';
import { useId } from 'react';
import { planName } from '../subscription-labels.js';

export interface PlanChoice {
  plan: SubscriptionPlan;
  /** The monthly price: what the subscription pays now for its own plan, the catalogue's for the others. */
  price: number;
  current: boolean;
  scheduled: boolean;
  /** The current plan can be chosen only to drop a scheduled change; a scheduled one is chosen already. */
  selectable: boolean;
}

/** The plans the product offers, and the subscription's own even if it no longer does, cheapest first. */
export function planChoices(
  subscription: Subscription,
  product: Product,
  scheduled: ScheduledPlanChange | null,
): PlanChoice[] {
  const offered = offeredPlans(product);
  return subscriptionPlans
    .filter((plan) => plan === subscription.plan || offered.includes(plan))
    .map((plan) => {
      const current = plan === subscription.plan;
      const isScheduled = scheduled?.plan === plan;
      return {
        plan,
        price: current ? subscription.amount : (planPrice(product, plan) ?? 0),
        current,
        scheduled: isScheduled,
        selectable: current ? scheduled !== null : !isScheduled,
      };
    });
}

/** One radio per plan with its monthly price; the current and the scheduled one are marked. */
export function PlanChoices({
  choices,
  chosen,
  disabled,
  onChoose,
}: {
  choices: PlanChoice[];
  chosen: SubscriptionPlan | null;
  disabled: boolean;
  onChoose: (plan: SubscriptionPlan) => void;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Plan</legend>
      {choices.map((choice) => (
        <label
          key={choice.plan}
          className="flex cursor-pointer flex-wrap items-center gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:disabled]:cursor-default has-[:disabled]:opacity-70"
        >
          <input
            type="radio"
            name={name}
            value={choice.plan}
            className="size-4 accent-primary"
            checked={chosen === choice.plan}
            disabled={!choice.selectable}
            onChange={() => onChoose(choice.plan)}
          />
          <span className="min-w-24 flex-1 font-medium">{planName(choice.plan)}</span>
          {choice.current && <Badge variant="secondary">Current plan</Badge>}
          {choice.scheduled && <Badge variant="outline">Scheduled</Badge>}
          <span className="text-sm">{formatUsd(choice.price)}/month</span>
        </label>
      ))}
    </fieldset>
  );
}
