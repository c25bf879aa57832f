import {
  defaultSubscriptionPlan,
  offeredPlans,
  planPrice,
  startableSubscriptionStatuses,
  subscriptionPlans,
  type Product,
  type StartableSubscriptionStatus,
  type SubscriptionPlan,
} from '@app/contracts';
import { Button, formatUsd, toast } from '@app/ui';
import { errorDescription, useAddTenantSubscription } from '@app/web-data';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fieldBinder } from '../../components/field-binder.js';
import { FormActions, FormDialog } from '../../components/form-dialog.js';
import { SelectField, type SelectOption } from '../../components/select-field.js';
import { capitalized } from './labels.js';
import { ProductPicker } from './product-picker.js';

interface NewSubscription {
  productId: string;
  plan: SubscriptionPlan;
  status: StartableSubscriptionStatus;
}

/** SPEC.md §4 and §9: the form resets to no product, professional, active. */
const emptySubscription: NewSubscription = { productId: '', plan: defaultSubscriptionPlan, status: 'active' };

function capitalizedOptions<V extends string>(values: readonly V[]): SelectOption<V>[] {
  return values.map((value) => ({ value, label: capitalized(value) }));
}

/**
 * The chosen product's plans, all three until a product is chosen; named as SPEC.md names them, the chosen plan's
 * price said beneath (PlanPriceNote).
 */
function planOptions(product: Product | null): SelectOption<SubscriptionPlan>[] {
  return capitalizedOptions(product === null ? subscriptionPlans : offeredPlans(product));
}

function PlanPriceNote({ product, plan }: { product: Product | null; plan: SubscriptionPlan }) {
  const price = product === null ? null : planPrice(product, plan);
  if (price === null) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {capitalized(plan)}: {formatUsd(price)}/mo
    </p>
  );
}

/**
 * SPEC.md §2 "Tenant details": Add Product Subscription, offering active products only. The products are read
 * when the dialog opens (its content mounts then), not with the page.
 */
export function AddSubscriptionDialog({ tenantId }: { tenantId: string }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(emptySubscription);
  const [product, setProduct] = useState<Product | null>(null);
  const addSubscription = useAddTenantSubscription();
  const field = fieldBinder(fields, (change) => setFields((current) => ({ ...current, ...change })));

  /** A product that does not offer the plan chosen so far falls back to professional, which every one offers. */
  function chooseProduct(productId: string, chosen: Product | null) {
    setProduct(chosen);
    setFields((current) => {
      const keepsPlan = chosen === null || offeredPlans(chosen).includes(current.plan);
      return { ...current, productId, plan: keepsPlan ? current.plan : defaultSubscriptionPlan };
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fields.productId === '') return;
    addSubscription.mutate(
      { tenantId, body: fields },
      {
        onSuccess: () => {
          setOpen(false);
          setFields(emptySubscription);
          setProduct(null);
          toast({ title: 'Success', description: 'Subscription added successfully' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: (
              <>
                <span className="block">Failed to add subscription</span>
                <span className="block">{errorDescription(error)}</span>
              </>
            ),
          }),
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button">
          <Plus aria-hidden />
          Add Subscription
        </Button>
      }
      title="Add Product Subscription"
      description="Subscribe tenant to a new product"
    >
      <form className="grid gap-4" onSubmit={submit}>
        <ProductPicker value={fields.productId} onChange={chooseProduct} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="new-subscription-plan"
            label="Plan"
            {...field('plan')}
            options={planOptions(product)}
          />
          <SelectField
            id="new-subscription-status"
            label="Status"
            {...field('status')}
            options={capitalizedOptions(startableSubscriptionStatuses)}
          />
        </div>
        <PlanPriceNote product={product} plan={fields.plan} />
        <FormActions
          submitLabel="Add Subscription"
          pendingLabel="Adding..."
          pending={addSubscription.isPending}
          incomplete={fields.productId === ''}
          onCancel={() => setOpen(false)}
        />
      </form>
    </FormDialog>
  );
}
