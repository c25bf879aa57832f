import { Button } from '@app/ui';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';

/**
 * Stripe's Payment Element for a SetupIntent: Stripe.js confirms the card (and runs 3-D Secure if the bank asks),
 * then `onConfirmed` has billing record Stripe's answer. `onRefused` gets Stripe.js's own words for a card it
 * refused before billing was asked.
 */
export function StripeCardSetupForm({
  busy,
  onConfirmed,
  onRefused,
}: {
  busy: boolean;
  onConfirmed: () => void;
  onRefused: (message: string) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || confirming || busy) return;
    setConfirming(true);
    try {
      const result = await stripe.confirmSetup({
        elements,
        // A bank page that needs a redirect brings the customer back to their billing screen.
        confirmParams: { return_url: `${window.location.origin}/billing` },
        redirect: 'if_required',
      });
      if (result.error) onRefused(result.error.message ?? 'Your card was not saved.');
      else onConfirmed();
    } catch {
      onRefused('An unexpected error occurred. Please try again.');
    } finally {
      setConfirming(false);
    }
  }

  const ready = Boolean(stripe && elements && elementReady);
  return (
    <form onSubmit={submit} className="grid gap-4">
      <PaymentElement onReady={() => setElementReady(true)} />
      <Button type="submit" disabled={!ready || confirming || busy}>
        {confirming || busy ? 'Saving...' : 'Save card'}
      </Button>
    </form>
  );
}
