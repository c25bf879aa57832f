import type { CurrentUser } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { currentUserStaleTimeMs } from '../query-client.js';
import { queryKeys } from '../query-keys.js';

/** Sign-in and sign-out are navigations, not data calls (SPEC.md §2 "Links outside the pages"). */
export const signInPath = '/api/login';
export const signOutPath = '/api/logout';

/**
 * GET /api/auth/user (SPEC.md §7): a 401 answers null, meaning signed out. Unlike every other read it is
 * refetched on mount once older than 5 minutes, and never retried or refetched on focus.
 */
export function currentUserQuery() {
  return queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: () => readJson<CurrentUser>('/api/auth/user', { onUnauthorized: 'null' }),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
    staleTime: currentUserStaleTimeMs,
  });
}

export interface CurrentUserState {
  user: CurrentUser | null;
  /** True until the first answer (or failure): the guards show a spinner meanwhile (SPEC.md §2). */
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

/** SPEC.md §4: signed in when the current-user call returns data without error; otherwise signed out. */
export function useCurrentUser(): CurrentUserState {
  const { data, error, isLoading } = useQuery(currentUserQuery());
  const user = data != null && error == null ? data : null;
  return { user, isLoading, isAuthenticated: user !== null, isAdmin: user?.role === 'admin' };
}
