import type { Product, SubscriptionPlan } from '@app/contracts';
import { SectionCard, formatUsd } from '@app/ui';
import { planName } from '@app/ui/plans';
import { offersPlanChoice } from './plan-choice.js';

/** SPEC.md §9: checkout charges no setup fee. */
const setupFee = 0;

/**
 * SPEC.md §2 "Checkout": the monthly price, Setup fee $0.00, the Total per month and the cancellation note. The
 * price is the chosen plan's, named beside the product when the product offers a choice.
 */
export function OrderSummary({
  product,
  plan,
  price,
}: {
  product: Product;
  plan: SubscriptionPlan;
  price: number;
}) {
  const item = offersPlanChoice(product) ? `${product.name}, ${planName(plan)}` : product.name;
  return (
    <SectionCard title="Order Summary" contentClassName="grid gap-4">
      <dl className="grid gap-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{item} (monthly)</dt>
          <dd className="font-medium text-foreground">{formatUsd(price)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Setup fee</dt>
          <dd className="font-medium text-foreground">{formatUsd(setupFee)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
          <dt className="font-semibold text-foreground">Total</dt>
          <dd className="font-semibold text-foreground">{formatUsd(price + setupFee)}/month</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">You can cancel anytime. No long-term commitments.</p>
    </SectionCard>
  );
}
