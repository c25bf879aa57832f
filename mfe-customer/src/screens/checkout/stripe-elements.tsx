import { Elements } from '@stripe/react-stripe-js';
import { useEffect, type ReactNode } from 'react';
import { PaymentElementLoading } from './payment-element-loading.js';
import { useStripe } from './use-stripe.js';

/**
 * Stripe.js loaded for the publishable key and Stripe's Elements around `children` for one client secret: a
 * PaymentIntent's (the checkout) or a SetupIntent's (replacing the card on file).
 */
export function StripeElements({
  publishableKey,
  clientSecret,
  onUnavailable,
  children,
}: {
  publishableKey: string;
  clientSecret: string;
  /** Stripe.js could not be loaded: no card can be taken. */
  onUnavailable: () => void;
  children: ReactNode;
}) {
  const load = useStripe(publishableKey);
  useEffect(() => {
    if (load.status === 'failed') onUnavailable();
  }, [load.status, onUnavailable]);

  if (load.status !== 'loaded') return <PaymentElementLoading />;
  return (
    <Elements stripe={load.stripe} options={{ clientSecret }}>
      {children}
    </Elements>
  );
}
