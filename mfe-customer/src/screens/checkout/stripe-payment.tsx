import type { PaymentFormProps } from './sandbox-card-form.js';
import { StripeElements } from './stripe-elements.js';
import { StripePaymentForm } from './stripe-payment-form.js';

interface StripePaymentProps extends PaymentFormProps {
  publishableKey: string;
  /** Stripe.js could not be loaded: the checkout cannot take a card. */
  onUnavailable: () => void;
}

/** Stripe's Payment Element for the payment billing opened (`clientSecret`). */
export function StripePayment({ publishableKey, onUnavailable, ...form }: StripePaymentProps) {
  return (
    <StripeElements
      publishableKey={publishableKey}
      clientSecret={form.clientSecret}
      onUnavailable={onUnavailable}
    >
      <StripePaymentForm price={form.price} onPaid={form.onPaid} onUnauthorized={form.onUnauthorized} />
    </StripeElements>
  );
}
