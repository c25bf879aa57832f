import { StripeElements } from '../../screens/checkout/stripe-elements.js';
import { StripeCardSetupForm } from './stripe-card-setup-form.js';

/** Stripe's Payment Element for the card change billing opened (`clientSecret` of its SetupIntent). */
export function StripeCardSetup({
  publishableKey,
  clientSecret,
  onUnavailable,
  ...form
}: {
  publishableKey: string;
  clientSecret: string;
  onUnavailable: () => void;
  busy: boolean;
  onConfirmed: () => void;
  onRefused: (message: string) => void;
}) {
  return (
    <StripeElements publishableKey={publishableKey} clientSecret={clientSecret} onUnavailable={onUnavailable}>
      <StripeCardSetupForm {...form} />
    </StripeElements>
  );
}
