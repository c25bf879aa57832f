// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  createQueryClient,
  notificationPreferencesQuery,
  queryKeys,
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../src/index.js';
import { json, never, problem, stubApi, stubFetch } from '@app/test-support/web';
import { renderQueryHook } from './render-hook.js';

const url = '/api/auth/notification-preferences';
const defaults = { email: true, push: false, securityAlerts: true };
const pushOn = { email: true, push: true, securityAlerts: true };
const user = { id: 'u1', email: 'a@example.test', firstName: null, lastName: null, role: 'tenant' };

describe('the notification preferences read', () => {
  it('reads GET /api/auth/notification-preferences with credentials', async () => {
    const { calls } = stubFetch(() => json(defaults));
    await expect(createQueryClient().fetchQuery(notificationPreferencesQuery())).resolves.toEqual(defaults);
    expect(calls.map((call) => [call.method, call.url, call.credentials])).toEqual([['GET', url, 'include']]);
  });

  it('reads only once someone is signed in', async () => {
    const { calls } = stubApi({ '/api/auth/user': () => new Response(null, { status: 401 }) });
    const { result } = renderQueryHook(() => useNotificationPreferences());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(result.current.fetchStatus).toBe('idle');
  });

  it('reads for a signed-in user', async () => {
    stubApi({ '/api/auth/user': () => json(user), [`GET ${url}`]: () => json(pushOn) });
    const { result } = renderQueryHook(() => useNotificationPreferences());
    await waitFor(() => expect(result.current.data).toEqual(pushOn));
  });
});

describe('saving the notification preferences', () => {
  it('PUTs all three switches and puts the answer in the cache', async () => {
    const saved = { email: false, push: true, securityAlerts: true };
    const { bodiesSentTo } = stubApi({ [`PUT ${url}`]: () => json(saved) });
    const client = createQueryClient();
    client.setQueryData(queryKeys.notificationPreferences, defaults);
    const { result } = renderQueryHook(() => useSaveNotificationPreferences(), client);
    await act(() => result.current.mutateAsync(saved));
    expect(bodiesSentTo('PUT', url)).toEqual([saved]);
    expect(client.getQueryData(queryKeys.notificationPreferences)).toEqual(saved);
  });

  it('shows the new switches while the call is under way', async () => {
    stubApi({ [`PUT ${url}`]: never });
    const client = createQueryClient();
    client.setQueryData(queryKeys.notificationPreferences, defaults);
    const { result } = renderQueryHook(() => useSaveNotificationPreferences(), client);
    act(() => result.current.mutate(pushOn));
    await waitFor(() => expect(client.getQueryData(queryKeys.notificationPreferences)).toEqual(pushOn));
  });

  it('puts the previous switches back when the call fails', async () => {
    stubApi({ [`PUT ${url}`]: () => problem(400, 'push must be true or false') });
    const client = createQueryClient();
    client.setQueryData(queryKeys.notificationPreferences, defaults);
    const { result } = renderQueryHook(() => useSaveNotificationPreferences(), client);
    await act(async () => {
      await expect(result.current.mutateAsync(pushOn)).rejects.toBeInstanceOf(ApiError);
    });
    expect(client.getQueryData(queryKeys.notificationPreferences)).toEqual(defaults);
  });
});
