import { Spinner, toast } from '@app/ui';
import { useCurrentUser } from '@app/web-data';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@app/routing';
import { loginUrl } from './login-url.js';

/** SPEC.md §9: how long the Unauthorized toast shows before the page moves on. */
const unauthorizedRedirectDelayMs = 500;

/** While the current user loads, a spinner (SPEC.md §2), in the screen's place under the bar. */
export function AuthLoading() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <Spinner />
    </div>
  );
}

/**
 * "Redirecting to login..." and then the sign-in page, a navigation rather than a route (SPEC.md §2): visitors on
 * a protected or an admin route come back to where they were going after signing in.
 */
export function RedirectToLogin() {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  useEffect(() => {
    window.location.assign(loginUrl(returnTo));
  }, [returnTo]);
  return (
    <div className="flex min-h-[60dvh] items-center justify-center" role="status">
      <p className="text-muted-foreground">Redirecting to login...</p>
    </div>
  );
}

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useCurrentUser();
  if (isLoading) return <AuthLoading />;
  return isAuthenticated ? children : <RedirectToLogin />;
}

/**
 * A signed-in user who is not an admin, on an admin route (SPEC.md §6): the destructive "Unauthorized" toast and,
 * 500 ms later, their dashboard. The sign-in page would offer a sign-in form to someone already signed in.
 */
export function RedirectToDashboard() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({
      variant: 'destructive',
      title: 'Unauthorized',
      description: 'Admin access required. Redirecting...',
    });
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), unauthorizedRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return null;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, isAdmin } = useCurrentUser();
  if (isLoading) return <AuthLoading />;
  if (isAdmin) return children;
  return isAuthenticated ? <RedirectToDashboard /> : <RedirectToLogin />;
}
