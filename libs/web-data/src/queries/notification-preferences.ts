import type { NotificationPreferences } from '@app/contracts';
import { mutationOptions, queryOptions, useMutation, useQuery } from '@app/query';
import { readJson, sendJson } from '../http.js';
import { queryKeys } from '../query-keys.js';
import { useCurrentUser } from './auth.js';

const path = '/api/auth/notification-preferences';

/** GET /api/auth/notification-preferences: the signed-in user's Settings switches (the defaults until changed). */
export function notificationPreferencesQuery() {
  return queryOptions({
    queryKey: queryKeys.notificationPreferences,
    queryFn: () => readJson<NotificationPreferences>(path),
  });
}

export function useNotificationPreferences() {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...notificationPreferencesQuery(), enabled: isAuthenticated });
}

/**
 * PUT /api/auth/notification-preferences with all three switches. Optimistic: the cache shows the new switches
 * at once and goes back to what it held if the call fails; the answer, identity's stored switches, replaces it.
 * One scope, so quick toggles reach the server in the order they were made.
 */
export function saveNotificationPreferencesMutation() {
  return mutationOptions({
    mutationKey: ['PUT', path],
    scope: { id: path },
    mutationFn: (preferences: NotificationPreferences) =>
      sendJson<NotificationPreferences>('PUT', path, preferences),
    onMutate: async (preferences, { client }) => {
      await client.cancelQueries({ queryKey: queryKeys.notificationPreferences });
      const previous = client.getQueryData<NotificationPreferences>(queryKeys.notificationPreferences);
      client.setQueryData(queryKeys.notificationPreferences, preferences);
      return { previous };
    },
    onError: (_error, _preferences, context, { client }) => {
      if (context?.previous) client.setQueryData(queryKeys.notificationPreferences, context.previous);
    },
    onSuccess: (saved, _preferences, _context, { client }) => {
      client.setQueryData(queryKeys.notificationPreferences, saved);
    },
  });
}

export function useSaveNotificationPreferences() {
  return useMutation(saveNotificationPreferencesMutation());
}
