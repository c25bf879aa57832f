import { queryKeys } from '@app/web-data';
import { useQueryClient } from '@app/query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@app/routing';

/** The checkout's return target is /dashboard?payment=success (SPEC.md §2 "Customer dashboard", §7). */
const paymentParam = 'payment';

/**
 * Back from a paid checkout: says so, reads the customer's subscriptions, invoices and usage afresh (the cache
 * may hold the lists from before the purchase), and drops the parameter with a replace, so a reload or the
 * back button does not announce it again. Returns whether to show the confirmation and how to dismiss it.
 */
export function usePaymentReturn(): { paid: boolean; dismiss: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get(paymentParam) === 'success';
  const [paid, setPaid] = useState(returned);
  const client = useQueryClient();
  const handled = useRef(false);

  useEffect(() => {
    // Once per return: React may run the effect twice before the replaced URL comes back without the parameter.
    if (!returned) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    setPaid(true);
    for (const queryKey of [queryKeys.subscriptions, queryKeys.invoices, queryKeys.usage]) {
      void client.invalidateQueries({ queryKey, exact: true });
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(paymentParam);
        return next;
      },
      { replace: true },
    );
  }, [returned, client, setSearchParams]);

  return { paid, dismiss: () => setPaid(false) };
}
