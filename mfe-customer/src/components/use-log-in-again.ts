import { toast } from '@app/ui';
import { signInPath } from '@app/web-data';
import { useEffect } from 'react';

/** SPEC.md §9: how long the Unauthorized toast shows before the page goes to sign in. */
export const logInAgainDelayMs = 500;

/**
 * SPEC.md §6 (the dashboard's rule, which Analytics follows too): once the customer turns out to be signed out or a
 * read answers 401, a destructive "Unauthorized" toast and, 500 ms later, the sign-in page, a full navigation since
 * /api/login is served by the gateway, not the app.
 */
export function useLogInAgain(unauthorized: boolean): void {
  useEffect(() => {
    if (!unauthorized) return;
    toast({
      variant: 'destructive',
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
    const timer = setTimeout(() => window.location.assign(signInPath), logInAgainDelayMs);
    return () => clearTimeout(timer);
  }, [unauthorized]);
}
