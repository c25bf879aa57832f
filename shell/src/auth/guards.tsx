import { Spinner } from '@app/ui';
import { useCurrentUser } from '@app/web-data';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from '@app/routing';
import { loginUrl } from './login-url.js';

/** While the current user loads, a spinner (SPEC.md §2). */
export function AuthLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}

/**
 * "Redirecting to login..." and then the sign-in page, a navigation rather than a route (SPEC.md §2): visitors on
 * a protected route and non-admins on an admin route come back to where they were going after signing in.
 */
export function RedirectToLogin() {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  useEffect(() => {
    window.location.assign(loginUrl(returnTo));
  }, [returnTo]);
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <p className="text-muted-foreground">Redirecting to login...</p>
    </div>
  );
}

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useCurrentUser();
  if (isLoading) return <AuthLoading />;
  return isAuthenticated ? children : <RedirectToLogin />;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoading, isAdmin } = useCurrentUser();
  if (isLoading) return <AuthLoading />;
  return isAdmin ? children : <RedirectToLogin />;
}
