import { defaultSubscriptionPlan, planPrice, type SubscriptionPlan } from '@app/contracts';
import { lazyNamed } from '@app/ui';
import { useBillingConfig, useProductLookup } from '@app/web-data';
import { Suspense, useCallback, useState } from 'react';
import { useParams, useSearchParams } from '@app/routing';
import { CheckoutErrorBoundary } from './checkout-error-boundary.js';
import { CheckoutFallback } from './checkout-fallback.js';
import { CheckoutLoading } from './checkout-loading.js';
import { checkoutState } from './checkout-state.js';
import { OrderSummary } from './order-summary.js';
import { PaymentDetails } from './payment-details.js';
import { PaymentElementLoading } from './payment-element-loading.js';
import { PaymentSuccess } from './payment-success.js';
import { PlanChoice } from './plan-choice.js';
import { productRefFrom } from './product-ref.js';
import { ProductSummary } from './product-summary.js';
import { SandboxCardForm } from './sandbox-card-form.js';
import { useCheckoutExit } from './use-checkout-exit.js';
import { useCheckoutIntent } from './use-checkout-intent.js';
import { useSignInAgain } from './use-sign-in-again.js';

// Stripe's SDK only for a Stripe checkout: the Sandbox's (the default) never downloads it.
const StripePayment = lazyNamed(() => import('./stripe-payment.js'), 'StripePayment');

/** Checkout (SPEC.md §2, §4): `/checkout?product={slug}`, or `/checkout/{productId}` without the parameter. */
export function CheckoutPage() {
  return (
    <CheckoutErrorBoundary>
      <Checkout />
    </CheckoutErrorBoundary>
  );
}

function Checkout() {
  const [search] = useSearchParams();
  const { productId } = useParams<{ productId?: string }>();
  const ref = productRefFrom(search, productId);
  const lookup = useProductLookup(ref);
  const config = useBillingConfig();
  // No product named: nothing to look up, so the checkout has its answer already.
  const productRead = ref === null ? { data: null, error: null } : lookup;
  const product = productRead.data ?? undefined;
  const [plan, setPlan] = useState<SubscriptionPlan>(defaultSubscriptionPlan);
  const intent = useCheckoutIntent(product, plan);
  // The page stays as it is while another plan's payment opens; only the payment form waits for it.
  const [lastIntent, setLastIntent] = useState<{ clientSecret: string } | undefined>(undefined);
  if (intent.data && intent.data !== lastIntent) setLastIntent(intent.data);
  const [paid, setPaid] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const onPaid = useCallback(() => setPaid(true), []);
  const onUnavailable = useCallback(() => setUnavailable(true), []);
  const signInAgain = useSignInAgain();

  const state = checkoutState({
    product: productRead,
    config,
    intent: { data: intent.data ?? lastIntent, error: intent.error },
  });
  useCheckoutExit(state.kind, signInAgain);

  if (paid && product) return <PaymentSuccess product={product} />;
  if (state.kind === 'broken' || unavailable) return <CheckoutFallback />;
  if (state.kind !== 'ready') return <CheckoutLoading />;

  const price = planPrice(state.product, plan) ?? state.product.basePrice;
  const form = {
    clientSecret: state.clientSecret,
    price,
    onPaid,
    onUnauthorized: signInAgain,
  };
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">Checkout</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-6">
          <ProductSummary product={state.product} />
          <PlanChoice product={state.product} plan={plan} onChange={setPlan} />
          <OrderSummary product={state.product} plan={plan} price={price} />
        </div>
        <PaymentDetails provider={state.provider.name}>
          {!intent.current ? (
            <PaymentElementLoading />
          ) : state.provider.name === 'stripe' ? (
            <Suspense fallback={<PaymentElementLoading />}>
              <StripePayment
                // Stripe's Elements keeps its first client secret: another plan's payment needs a new one.
                key={form.clientSecret}
                {...form}
                publishableKey={state.provider.publishableKey}
                onUnavailable={onUnavailable}
              />
            </Suspense>
          ) : (
            <SandboxCardForm {...form} />
          )}
        </PaymentDetails>
      </div>
    </div>
  );
}
