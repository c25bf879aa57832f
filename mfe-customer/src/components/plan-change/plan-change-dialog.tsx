import type {
  PlanChangePreview,
  Product,
  ScheduledPlanChange,
  Subscription,
  SubscriptionPlan,
} from '@app/contracts';
import {
  Button,
  ChoiceList,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  toast,
} from '@app/ui';
import { useChangePlan, usePlanChangePreview } from '@app/web-data';
import { useState } from 'react';
import { CardChangeDialog } from '../card-on-file/card-change-dialog.js';
import { planName, subscriptionProductName } from '../subscription-labels.js';
import { PlanChangeFailure } from './plan-change-failure.js';
import { planChoices } from './plan-choices.js';
import { PlanChangeStatement } from './plan-change-statement.js';
import { planChangeToast } from './plan-change-text.js';

/** The confirm button says what it does. */
function confirmLabel(preview: PlanChangePreview | undefined): string {
  if (!preview) return 'Change plan';
  if (preview.kind === 'withdraw') return `Keep ${planName(preview.plan)}`;
  return `${preview.kind === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${planName(preview.plan)}`;
}

/**
 * "Change plan" (issue 19): the product's plans with their monthly prices; choosing one asks billing what the
 * change would do now and says it plainly; confirming sends that quote's `quotedAt`, so an upgrade charges the
 * amount shown. A declined charge or a refusal stays in the dialog with the server's words; a decline offers
 * "Use a new card" (the billing screen's Replace card), after which the upgrade is asked for again.
 */
export function PlanChangeDialog({
  subscription,
  product,
  scheduled,
}: {
  subscription: Subscription;
  product: Product;
  scheduled: ScheduledPlanChange | null;
}) {
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<SubscriptionPlan | null>(null);
  const [changingCard, setChangingCard] = useState(false);
  const name = subscriptionProductName(subscription);
  const preview = usePlanChangePreview('customer', subscription.id, open ? plan : null);
  // The mutation's own outcome: the refreshed row may replace this control before the toast would show.
  const change = useChangePlan('customer', {
    onSuccess: (reply) => {
      setOpen(false);
      setPlan(null);
      toast(planChangeToast(name, reply));
    },
  });

  function changeOpen(next: boolean) {
    if (change.isPending) return;
    setOpen(next);
    if (!next) setPlan(null);
    change.reset();
  }

  function choose(next: SubscriptionPlan) {
    setPlan(next);
    change.reset();
  }

  function confirm(quote: PlanChangePreview) {
    change.mutate({ subscriptionId: subscription.id, body: { plan: quote.plan, quotedAt: quote.quotedAt } });
  }

  const quote = plan === null ? undefined : preview.data;
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          Change plan
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change the plan of {name}</DialogTitle>
          <DialogDescription>
            Choose a plan to see what changes and what is charged before you confirm.
          </DialogDescription>
        </DialogHeader>
        <ChoiceList
          legend="Plan"
          choices={planChoices(subscription, product, scheduled)}
          value={plan}
          disabled={change.isPending}
          onChange={choose}
        />
        {plan !== null && <PlanChangeStatement preview={preview} scheduled={scheduled} />}
        {change.error && <PlanChangeFailure error={change.error} onNewCard={() => setChangingCard(true)} />}
        {/* A new card on file, the upgrade is asked for again with the same quote, as Pay now pays again. */}
        {changingCard && (
          <CardChangeDialog open onOpenChange={setChangingCard} onSaved={() => quote && confirm(quote)} />
        )}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={change.isPending}
            onClick={() => changeOpen(false)}
          >
            Not now
          </Button>
          <Button type="button" disabled={!quote || change.isPending} onClick={() => quote && confirm(quote)}>
            {change.isPending ? 'Changing plan...' : confirmLabel(quote)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
