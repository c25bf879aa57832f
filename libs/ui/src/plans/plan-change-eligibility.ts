import { offeredPlans, type Product, type Subscription, type SubscriptionPlan } from '@app/contracts';

/** Only a subscription that renews as it is can change plan: not one set to cancel, suspended or cancelled. */
export function canChangePlan(subscription: Pick<Subscription, 'status' | 'cancelAtPeriodEnd'>): boolean {
  return (
    (subscription.status === 'active' || subscription.status === 'trial') && !subscription.cancelAtPeriodEnd
  );
}

/** Whether the product offers a plan besides `current`: otherwise there is nothing to change to. */
export function offersAnotherPlan(product: Product, current: SubscriptionPlan): boolean {
  return offeredPlans(product).some((plan) => plan !== current);
}
