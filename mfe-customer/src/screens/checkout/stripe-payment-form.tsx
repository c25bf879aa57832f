import { toast } from '@app/ui';
import { isUnauthorizedError, usePaymentStatus } from '@app/web-data';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { checkoutToasts, paymentFailedToast } from './checkout-toasts.js';
import { PayButton } from './pay-button.js';
import type { PaymentFormProps } from './sandbox-card-form.js';

/** Where Stripe sends the buyer back after a payment that needed a redirect (SPEC.md §7). */
export function stripeReturnUrl(origin: string): string {
  return `${origin}/dashboard?payment=success`;
}

/**
 * Stripe's Payment Element and the pay button. Stripe.js tells the page first; billing hears it from Stripe's
 * webhook a moment later, and only then does the page show success, so the dashboard it leads to has the new
 * subscription.
 */
export function StripePaymentForm({ price, onPaid, onUnauthorized }: Omit<PaymentFormProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [paymentIntentId, setPaymentIntentId] = useState<string | null>(null);
  const status = usePaymentStatus(paymentIntentId);
  const settled = status.data?.status;
  const processing = confirming && settled !== 'failed';
  const slow = status.gaveUp || (status.error !== null && !isUnauthorizedError(status.error));

  useEffect(() => {
    if (settled === 'succeeded') onPaid();
    // Billing never fails a checkout's payment that Stripe accepted (a refused card stays pending for a retry).
    if (settled === 'failed') toast(checkoutToasts.paymentError);
    if (isUnauthorizedError(status.error)) onUnauthorized();
  }, [settled, status.error, onPaid, onUnauthorized]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setConfirming(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: stripeReturnUrl(window.location.origin) },
        redirect: 'if_required',
      });
      if (result.error) {
        toast(result.error.message ? paymentFailedToast(result.error.message) : checkoutToasts.paymentError);
        setConfirming(false);
        return;
      }
      setPaymentIntentId(result.paymentIntent.id);
    } catch {
      toast(checkoutToasts.paymentError);
      setConfirming(false);
    }
  }

  const ready = Boolean(stripe && elements && elementReady);
  return (
    <form onSubmit={submit} className="grid gap-4" aria-describedby={slow ? 'payment-slow' : undefined}>
      <PaymentElement onReady={() => setElementReady(true)} />
      {slow ? (
        <p id="payment-slow" role="alert" className="text-sm text-foreground">
          Your payment was accepted, but confirming it is taking longer than usual. Please check your
          dashboard in a few minutes before trying again.
        </p>
      ) : null}
      <PayButton price={price} ready={ready} processing={processing} />
    </form>
  );
}
