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
import { PlanChangeStatement, planChangeConfirmLabel, planChangeToast, planChoices } from '@app/ui/plans';
import { errorDescription, usePlanChangePreview } from '@app/web-data';
import { useState } from 'react';
import { CardChangeDialog } from '../card-on-file/card-change-dialog.js';
import { subscriptionProductName } from '../subscription-labels.js';
import { PlanChangeFailure } from './plan-change-failure.js';
import { useCustomerPlanChange } from './use-customer-plan-change.js';

/**
 * "Change plan" (issue 19): the product's plans with their monthly prices; choosing one asks billing what the
 * change would do now and says it plainly; confirming sends that quote's `quotedAt`, so an upgrade charges the
 * amount shown. A declined charge or a refusal stays in the dialog with the server's words; a decline offers
 * "Use a new card" (the billing screen's Replace card), after which the upgrade is asked for again. When the
 * card's bank asks for 3-D Secure, Stripe.js shows its step over the dialog, which is then not modal: a modal
 * dialog keeps pointer events and focus from everything outside it, Stripe's frame included.
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
  const change = useCustomerPlanChange((reply) => {
    setOpen(false);
    setPlan(null);
    toast(planChangeToast(reply, { audience: 'customer', product: name }));
  });

  function changeOpen(next: boolean) {
    if (change.busy) return;
    setOpen(next);
    if (!next) setPlan(null);
    change.reset();
  }

  function choose(next: SubscriptionPlan) {
    setPlan(next);
    change.reset();
  }

  function confirm(quote: PlanChangePreview) {
    change.confirm({ subscriptionId: subscription.id, body: { plan: quote.plan, quotedAt: quote.quotedAt } });
  }

  const quote = plan === null ? undefined : preview.data;
  return (
    <Dialog open={open} onOpenChange={changeOpen} modal={!change.bankStep}>
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
          choices={planChoices(subscription, product, scheduled, 'customer')}
          value={plan}
          disabled={change.busy || change.waiting}
          onChange={choose}
        />
        {plan !== null && (
          <PlanChangeStatement
            quote={preview.data}
            error={preview.isError ? errorDescription(preview.error) : null}
            scheduled={scheduled}
            audience="customer"
          />
        )}
        {change.bankStep && (
          <p role="status" className="text-sm font-medium">
            Your bank asks you to confirm this payment.
          </p>
        )}
        {change.error && (
          <PlanChangeFailure
            error={change.error}
            waiting={change.waiting}
            onNewCard={() => setChangingCard(true)}
          />
        )}
        {/* A new card on file, the upgrade is asked for again with the same quote, as Pay now pays again. */}
        {changingCard && (
          <CardChangeDialog open onOpenChange={setChangingCard} onSaved={() => quote && confirm(quote)} />
        )}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={change.busy} onClick={() => changeOpen(false)}>
            Not now
          </Button>
          {change.waiting ? (
            <Button type="button" disabled={change.busy} onClick={change.retry}>
              {change.busy ? 'Confirming payment...' : 'Confirm payment'}
            </Button>
          ) : (
            <Button type="button" disabled={!quote || change.busy} onClick={() => quote && confirm(quote)}>
              {change.busy ? 'Changing plan...' : planChangeConfirmLabel(quote)}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
