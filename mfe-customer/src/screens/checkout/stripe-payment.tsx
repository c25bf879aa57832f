import { Elements } from '@stripe/react-stripe-js';
import { useEffect } from 'react';
import { PaymentElementLoading } from './payment-element-loading.js';
import type { PaymentFormProps } from './sandbox-card-form.js';
import { StripePaymentForm } from './stripe-payment-form.js';
import { useStripe } from './use-stripe.js';

interface StripePaymentProps extends PaymentFormProps {
  publishableKey: string;
  /** Stripe.js could not be loaded: the checkout cannot take a card. */
  onUnavailable: () => void;
}

/** Stripe's Payment Element for the payment billing opened (`clientSecret`). */
export function StripePayment({ publishableKey, onUnavailable, ...form }: StripePaymentProps) {
  const load = useStripe(publishableKey);
  useEffect(() => {
    if (load.status === 'failed') onUnavailable();
  }, [load.status, onUnavailable]);

  if (load.status !== 'loaded') return <PaymentElementLoading />;
  return (
    <Elements stripe={load.stripe} options={{ clientSecret: form.clientSecret }}>
      <StripePaymentForm price={form.price} onPaid={form.onPaid} onUnauthorized={form.onUnauthorized} />
    </Elements>
  );
}
