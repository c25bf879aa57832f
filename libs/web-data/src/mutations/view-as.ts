import type { StartViewAsBody, ViewAsSession } from '@app/contracts';
import { useMutation } from '@app/query';
import { writeMutation } from './write-mutation.js';

/** Where the browser goes once a view starts: the customer's own first screen. */
export const viewAsLandingPath = '/dashboard';

/**
 * POST /api/admin/users/{id}/view-as (issue 21): the server sets the view's cookie; the caller then reloads the
 * app into the customer's screens, so nothing the admin's own session cached is shown as the customer's.
 */
export function startViewAsMutation() {
  return writeMutation<ViewAsSession, { userId: string; body: StartViewAsBody }>(
    'POST',
    '/api/admin/users/{id}/view-as',
    ({ userId, body }) => ({ path: `/api/admin/users/${encodeURIComponent(userId)}/view-as`, body }),
  );
}

/** DELETE /api/auth/view-as: ends the view; the caller reloads the app as the admin. */
export function leaveViewAsMutation() {
  return writeMutation<void, void>('DELETE', '/api/auth/view-as', () => ({ path: '/api/auth/view-as' }));
}

export function useStartViewAs() {
  return useMutation(startViewAsMutation());
}

export function useLeaveViewAs() {
  return useMutation(leaveViewAsMutation());
}
