import {
  defaultSubscriptionPlan,
  startableSubscriptionStatuses,
  subscriptionPlans,
  type StartableSubscriptionStatus,
  type SubscriptionPlan,
} from '@app/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@app/ui';
import { errorDescription, useAddTenantSubscription, useProducts } from '@app/web-data';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatUsd } from '../admin-dashboard/figures.js';
import { capitalized } from './labels.js';

interface NewSubscription {
  productId: string;
  plan: SubscriptionPlan;
  status: StartableSubscriptionStatus;
}

/** SPEC.md §4 and §9: the form resets to no product, professional, active. */
const emptySubscription: NewSubscription = { productId: '', plan: defaultSubscriptionPlan, status: 'active' };

/** SPEC.md §2 "Tenant details": Add Product Subscription, offering active products only. */
export function AddSubscriptionDialog({ tenantId }: { tenantId: string }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(emptySubscription);
  const products = useProducts();
  const addSubscription = useAddTenantSubscription();
  const activeProducts = (products.data ?? []).filter((product) => product.isActive);
  const set = (change: Partial<NewSubscription>) => setFields((current) => ({ ...current, ...change }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fields.productId === '') return;
    addSubscription.mutate(
      { tenantId, body: fields },
      {
        onSuccess: () => {
          setOpen(false);
          setFields(emptySubscription);
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden />
          Add Subscription
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Product Subscription</DialogTitle>
          <DialogDescription>Subscribe tenant to a new product</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit}>
          <div className="grid gap-2">
            <Label htmlFor="new-subscription-product">Product</Label>
            <Select value={fields.productId} onValueChange={(productId) => set({ productId })}>
              <SelectTrigger id="new-subscription-product">
                <SelectValue placeholder={products.isPending ? 'Loading products...' : 'Select a product'} />
              </SelectTrigger>
              <SelectContent>
                {activeProducts.map((product) => (
                  <SelectItem key={product.id} value={product.id}>
                    {product.name} - {formatUsd(product.basePrice)}/mo
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="new-subscription-plan">Plan</Label>
              <Select value={fields.plan} onValueChange={(plan) => set({ plan: plan as SubscriptionPlan })}>
                <SelectTrigger id="new-subscription-plan">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {subscriptionPlans.map((plan) => (
                    <SelectItem key={plan} value={plan}>
                      {capitalized(plan)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="new-subscription-status">Status</Label>
              <Select
                value={fields.status}
                onValueChange={(status) => set({ status: status as StartableSubscriptionStatus })}
              >
                <SelectTrigger id="new-subscription-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {startableSubscriptionStatuses.map((status) => (
                    <SelectItem key={status} value={status}>
                      {capitalized(status)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={fields.productId === '' || addSubscription.isPending}>
              {addSubscription.isPending ? 'Adding...' : 'Add Subscription'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
