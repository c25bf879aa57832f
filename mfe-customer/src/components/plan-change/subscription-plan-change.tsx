import type { Subscription, SubscriptionTerm } from '@app/contracts';
import { canChangePlan, offersAnotherPlan, scheduledChangeLine } from '@app/ui/plans';
import { useProduct } from '@app/web-data';
import { PlanChangeDialog } from './plan-change-dialog.js';

/**
 * A subscription's plan change (issue 19): a downgrade waiting for the renewal, as a note, and "Change plan" for
 * one that can change to another plan its product offers. The waiting change comes from billing's term.
 */
export function SubscriptionPlanChange({
  subscription,
  term,
}: {
  subscription: Subscription;
  term: SubscriptionTerm | undefined;
}) {
  const scheduled = subscription.status === 'cancelled' ? null : (term?.scheduledPlanChange ?? null);
  return (
    <>
      {scheduled && <p className="text-sm text-muted-foreground">{scheduledChangeLine(scheduled)}</p>}
      {canChangePlan(subscription) && <PlanChangeControl subscription={subscription} term={term} />}
    </>
  );
}

/** Shown once the product's plans are known, and only when it offers one besides the subscription's own. */
function PlanChangeControl({
  subscription,
  term,
}: {
  subscription: Subscription;
  term: SubscriptionTerm | undefined;
}) {
  const product = useProduct(subscription.productId);
  if (!product.data || !offersAnotherPlan(product.data, subscription.plan)) return null;
  return (
    <PlanChangeDialog
      subscription={subscription}
      product={product.data}
      scheduled={term?.scheduledPlanChange ?? null}
    />
  );
}
