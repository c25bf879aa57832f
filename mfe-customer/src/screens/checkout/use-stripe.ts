import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';

export type StripeLoad = { status: 'loading' } | { status: 'loaded'; stripe: Stripe } | { status: 'failed' };

/**
 * Stripe.js for the publishable key billing named, fetched only when Stripe is the provider (the `pure` entry
 * does not inject the script on import, so a Sandbox checkout loads nothing from js.stripe.com). Resolved here rather than handed to `<Elements>` as a
 * promise, so a script that cannot load (blocked, offline) becomes the fallback page instead of an unhandled
 * rejection.
 */
export function useStripe(publishableKey: string): StripeLoad {
  const [load, setLoad] = useState<StripeLoad>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (current) setLoad(stripe ? { status: 'loaded', stripe } : { status: 'failed' });
      },
      () => {
        if (current) setLoad({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  return load;
}
