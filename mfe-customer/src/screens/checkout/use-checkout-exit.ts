import { toast, type ToastInput } from '@app/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@app/routing';
import { checkoutToasts } from './checkout-toasts.js';
import type { CheckoutState } from './checkout-state.js';

/**
 * Leaves the checkout when it cannot be reached (SPEC.md §8): a product that is not for sale and an intent
 * that could not be made go back to the catalogue with their toast; a lost session goes to sign in. Each exit
 * happens once, however often React runs the effect.
 */
export function useCheckoutExit(kind: CheckoutState['kind'], signInAgain: () => void): void {
  const navigate = useNavigate();
  const done = useRef<CheckoutState['kind'] | null>(null);
  useEffect(() => {
    if (done.current === kind) return;
    if (kind === 'unauthorized') signInAgain();
    else if (kind === 'product-not-found') backToCatalog(checkoutToasts.productNotFound);
    else if (kind === 'loading-error') backToCatalog(checkoutToasts.loadingError);
    else return;
    done.current = kind;

    function backToCatalog(message: ToastInput) {
      toast(message);
      navigate('/catalog', { replace: true });
    }
  }, [kind, navigate, signInAgain]);
}
