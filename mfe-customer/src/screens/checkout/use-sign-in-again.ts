import { toast } from '@app/ui';
import { useCallback, useEffect, useRef } from 'react';
import { checkoutToasts } from './checkout-toasts.js';

/** SPEC.md §9: the checkout's login redirect waits 1.5 seconds, so the toast can be read. */
export const loginRedirectDelayMs = 1_500;

/**
 * The checkout's answer to a 401 from any read or write (SPEC.md §6): the Authentication Required toast, then
 * the sign-in page, a full navigation since /api/login is served by the gateway, not the app. Once only.
 */
export function useSignInAgain(): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    toast(checkoutToasts.authenticationRequired);
    timer.current = setTimeout(() => window.location.assign('/api/login'), loginRedirectDelayMs);
  }, []);
}
