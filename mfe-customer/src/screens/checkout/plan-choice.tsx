import { offeredPlans, planPrice, type Product, type SubscriptionPlan } from '@app/contracts';
import { ChoiceList, SectionCard, formatUsd } from '@app/ui';
import { planName } from '@app/ui/plans';

/** Whether the checkout asks for a plan: only when the product offers more than professional. */
export function offersPlanChoice(product: Product): boolean {
  return offeredPlans(product).length > 1;
}

/**
 * The plans the product offers, cheapest first, each with its monthly price (issue 19). A product that offers
 * only professional shows none of this: its checkout stays as SPEC.md §2 describes it.
 */
export function PlanChoice({
  product,
  plan,
  onChange,
}: {
  product: Product;
  plan: SubscriptionPlan;
  onChange: (plan: SubscriptionPlan) => void;
}) {
  if (!offersPlanChoice(product)) return null;
  const choices = offeredPlans(product).map((offered) => ({
    value: offered,
    label: planName(offered),
    aside: <span className="text-sm">{formatUsd(planPrice(product, offered) ?? 0)}/month</span>,
  }));
  return (
    <SectionCard title="Plan">
      <ChoiceList legend="Choose a plan" choices={choices} value={plan} onChange={onChange} />
    </SectionCard>
  );
}
