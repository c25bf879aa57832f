import type {
  Product,
  ScheduledPlanChange,
  Subscription,
  SubscriptionPlan,
  SubscriptionTerm,
} from '@app/contracts';
import { Button, ChoiceList, toast } from '@app/ui';
import {
  PlanChangeStatement,
  canChangePlan,
  offersAnotherPlan,
  planChangeConfirmLabel,
  planChangeToast,
  planChoices,
} from '@app/ui/plans';
import { ApiError, errorDescription, useChangePlan, usePlanChangePreview, useProduct } from '@app/web-data';
import { useState, type FormEvent } from 'react';
import { FormActions, FormDialog } from '../../components/form-dialog.js';

/**
 * An admin's "Change plan" on tenant details (issue 19), through the admin routes: for a subscription that renews
 * as it is (not set to cancel, suspended or cancelled) of a product with another plan to offer.
 */
export function AdminPlanChange({
  subscription,
  name,
  term,
}: {
  subscription: Subscription;
  name: string;
  term: SubscriptionTerm | undefined;
}) {
  if (!canChangePlan(subscription)) return null;
  return (
    <PlanChangeControl
      subscription={subscription}
      name={name}
      scheduled={term?.scheduledPlanChange ?? null}
    />
  );
}

function PlanChangeControl(props: {
  subscription: Subscription;
  name: string;
  scheduled: ScheduledPlanChange | null;
}) {
  const product = useProduct(props.subscription.productId);
  if (!product.data || !offersAnotherPlan(product.data, props.subscription.plan)) return null;
  return <PlanChangeDialog {...props} product={product.data} />;
}

function PlanChangeDialog({
  subscription,
  name,
  scheduled,
  product,
}: {
  subscription: Subscription;
  name: string;
  scheduled: ScheduledPlanChange | null;
  product: Product;
}) {
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<SubscriptionPlan | null>(null);
  const preview = usePlanChangePreview('admin', subscription.id, open ? plan : null);
  // The mutation's own outcome: the refreshed row may replace this dialog before the toast would show.
  const change = useChangePlan('admin', {
    onSuccess: (reply) => {
      setOpen(false);
      setPlan(null);
      toast(planChangeToast(reply, { audience: 'admin' }));
    },
  });
  const quote = plan === null ? undefined : preview.data;

  function changeOpen(next: boolean) {
    if (change.isPending) return;
    setOpen(next);
    if (!next) setPlan(null);
    change.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (quote)
      change.mutate({
        subscriptionId: subscription.id,
        body: { plan: quote.plan, quotedAt: quote.quotedAt },
      });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={`Change plan: ${name}`}>
          Change plan
        </Button>
      }
      title={`Change the plan of ${name}`}
      description="Choose a plan to see what changes and what the tenant is charged before you confirm."
    >
      <form className="grid gap-4" onSubmit={submit}>
        <ChoiceList
          legend="Plan"
          choices={planChoices(subscription, product, scheduled, 'admin')}
          value={plan}
          disabled={change.isPending}
          onChange={(next) => {
            setPlan(next);
            change.reset();
          }}
        />
        {plan !== null && (
          <PlanChangeStatement
            quote={preview.data}
            error={preview.isError ? errorDescription(preview.error) : null}
            scheduled={scheduled}
            audience="admin"
          />
        )}
        {change.error && <ChangeFailure error={change.error} />}
        <FormActions
          submitLabel={planChangeConfirmLabel(quote)}
          pendingLabel="Changing plan..."
          pending={change.isPending}
          incomplete={!quote}
          onCancel={() => changeOpen(false)}
        />
      </form>
    </FormDialog>
  );
}

/** A declined upgrade charge (402) in the issuer's words, or the server's refusal; the dialog stays open. */
function ChangeFailure({ error }: { error: Error }) {
  const declined = error instanceof ApiError && error.status === 402;
  return (
    <div role="alert" className="grid gap-1 rounded-lg border border-destructive p-3 text-sm">
      <p className="font-semibold text-destructive">
        {declined ? 'Payment failed' : 'The plan was not changed'}
      </p>
      <p>{errorDescription(error)}</p>
    </div>
  );
}
