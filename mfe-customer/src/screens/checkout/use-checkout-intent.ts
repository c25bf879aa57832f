import { defaultSubscriptionPlan, planPrice, type Product, type SubscriptionPlan } from '@app/contracts';
import { useCreatePaymentIntent } from '@app/web-data';
import { useEffect, useRef } from 'react';

/**
 * Starts paying for the product's plan once it is known: POST /api/create-payment-intent with the shown price
 * of that plan (SPEC.md §7; the base price for professional). Once per product and plan, also under StrictMode's
 * doubled effects, so one visit opens one payment, and another only when the buyer picks another plan.
 * `current` says the answer is for the plan shown, so the page never pays an earlier plan's payment.
 */
export function useCheckoutIntent(product: Product | undefined, plan: SubscriptionPlan) {
  const intent = useCreatePaymentIntent();
  const { mutate } = intent;
  const requestedFor = useRef<string | null>(null);
  const price = product ? planPrice(product, plan) : null;
  useEffect(() => {
    if (!product || price === null) return;
    const key = `${product.id}:${plan}`;
    if (requestedFor.current === key) return;
    requestedFor.current = key;
    // The default plan is left out, so that request stays SPEC.md §7's (amount and productId).
    mutate({ amount: price, productId: product.id, ...(plan === defaultSubscriptionPlan ? {} : { plan }) });
  }, [product, plan, price, mutate]);
  const current = intent.isSuccess && (intent.variables.plan ?? defaultSubscriptionPlan) === plan;
  return { ...intent, current };
}
