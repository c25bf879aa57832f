// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { useMutation } from '@app/query';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProductMutation,
  currentUserStaleTimeMs,
  queryKeys,
  tenantMetricsRefetchIntervalMs,
  tenantMetricsStaleTimeMs,
  useAdminUser,
  useCurrentUser,
  useInvoices,
  useProductList,
  useSubscriptions,
  useTenantMetrics,
  useUsage,
} from '../src/index.js';
import { json, stubFetch } from '@app/test-support/web';
import { elapse, renderQueryHook } from './render-hook.js';

const minute = 60_000;
const hour = 60 * minute;
const user = { id: 'u1', email: 'casey@demo.local', firstName: 'Casey', role: 'tenant' };
const admin = { ...user, role: 'admin' };

beforeEach(() => {
  vi.useFakeTimers();
});

function focusWindow() {
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
}

describe('read defaults (SPEC.md §7)', () => {
  it('never refetch on their own: not on an interval, not on remount, not when marked stale and refocused', async () => {
    const { callsTo } = stubFetch(() => json([]));
    const { client, unmount, remount } = renderQueryHook(() => useProductList());
    await elapse(0);
    await elapse(24 * hour);
    unmount();
    remount();
    await elapse(0);
    await client.invalidateQueries({ queryKey: queryKeys.productLists, refetchType: 'none' });
    focusWindow();
    await elapse(0);
    expect(callsTo('/api/products')).toHaveLength(1);
  });

  it('are not retried after a failure', async () => {
    const { callsTo } = stubFetch(() => new Response('down', { status: 503 }));
    const { result } = renderQueryHook(() => useProductList());
    await elapse(10 * minute);
    expect(result.current.error?.message).toBe('503: down');
    expect(callsTo('/api/products')).toHaveLength(1);
  });
});

describe('write defaults', () => {
  it('are not retried after a failure', async () => {
    const { callsTo } = stubFetch(() => new Response('down', { status: 503 }));
    const { result } = renderQueryHook(() => useMutation(createProductMutation()));
    await act(async () => {
      result.current.mutate({ name: 'Ledger', slug: 'ledger', basePrice: 10 });
    });
    await elapse(10 * minute);
    expect(result.current.isError).toBe(true);
    expect(callsTo('/api/admin/products')).toHaveLength(1);
  });
});

describe('the current user (SPEC.md §7, §9)', () => {
  it('is fresh for 5 minutes, then refetched when a component mounts', async () => {
    const { callsTo } = stubFetch(() => json(user));
    const { remount } = renderQueryHook(() => useCurrentUser());
    await elapse(0);
    await elapse(currentUserStaleTimeMs - 1);
    remount();
    await elapse(0);
    expect(callsTo('/api/auth/user')).toHaveLength(1);
    await elapse(2);
    remount();
    await elapse(0);
    expect(callsTo('/api/auth/user')).toHaveLength(2);
  });

  it('is not refetched on window focus even when stale', async () => {
    const { callsTo } = stubFetch(() => json(user));
    renderQueryHook(() => useCurrentUser());
    await elapse(0);
    await elapse(currentUserStaleTimeMs + minute);
    focusWindow();
    await elapse(0);
    expect(callsTo('/api/auth/user')).toHaveLength(1);
  });

  it('is not retried, and a failure means signed out', async () => {
    const { callsTo } = stubFetch(() => new Response('down', { status: 500 }));
    const { result } = renderQueryHook(() => useCurrentUser());
    await elapse(10 * minute);
    expect(callsTo('/api/auth/user')).toHaveLength(1);
    expect(result.current).toEqual({ user: null, isLoading: false, isAuthenticated: false, isAdmin: false });
  });

  it('is loading until the first answer, then signed out on 401', async () => {
    stubFetch(() => new Response(null, { status: 401 }));
    const { result } = renderQueryHook(() => useCurrentUser());
    expect(result.current.isLoading).toBe(true);
    await elapse(0);
    expect(result.current).toEqual({ user: null, isLoading: false, isAuthenticated: false, isAdmin: false });
  });

  it('is signed in with data, and admin by role', async () => {
    stubFetch(() => json(admin));
    const { result } = renderQueryHook(() => useCurrentUser());
    await elapse(0);
    expect(result.current).toEqual({ user: admin, isLoading: false, isAuthenticated: true, isAdmin: true });
  });
});

describe('tenant metrics (SPEC.md §7, §9)', () => {
  it('are refetched every 5 minutes while shown', async () => {
    const { callsTo } = stubFetch(() => json({}));
    renderQueryHook(() => useTenantMetrics('t1'));
    await elapse(0);
    await elapse(tenantMetricsRefetchIntervalMs - 1);
    expect(callsTo('/api/tenant-metrics/t1')).toHaveLength(1);
    await elapse(1);
    expect(callsTo('/api/tenant-metrics/t1')).toHaveLength(2);
    await elapse(tenantMetricsRefetchIntervalMs);
    expect(callsTo('/api/tenant-metrics/t1')).toHaveLength(3);
  });

  it('are stale after 4 minutes: a new view refetches only then', async () => {
    const { callsTo } = stubFetch(() => json({}));
    const { unmount, remount } = renderQueryHook(() => useTenantMetrics('t1'));
    await elapse(0);
    unmount();
    await elapse(tenantMetricsStaleTimeMs - 1);
    remount().unmount();
    await elapse(0);
    expect(callsTo('/api/tenant-metrics/t1')).toHaveLength(1);
    await elapse(2);
    remount();
    await elapse(0);
    expect(callsTo('/api/tenant-metrics/t1')).toHaveLength(2);
  });
});

describe("the customer's own reads (SPEC.md §7: signed-in only)", () => {
  const useOwnReads = () => [useSubscriptions(), useUsage(), useInvoices()];

  it('wait while nobody is signed in', async () => {
    const { calls } = stubFetch(() => new Response(null, { status: 401 }));
    renderQueryHook(useOwnReads);
    await elapse(minute);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/user']);
  });

  it('run once someone is', async () => {
    const { calls } = stubFetch((call) => json(call.url === '/api/auth/user' ? user : []));
    renderQueryHook(useOwnReads);
    await elapse(0);
    await elapse(0);
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/auth/user',
      '/api/invoices?limit=200',
      '/api/subscriptions?limit=200',
      '/api/usage?limit=200',
    ]);
  });
});

describe("a tenant's owner (SPEC.md §7: only when the tenant has one)", () => {
  it('is not read without an owner id', async () => {
    const { calls } = stubFetch(() => json({}));
    const { result } = renderQueryHook(() => useAdminUser(null));
    await elapse(minute);
    expect(calls).toHaveLength(0);
    expect(result.current.data).toBeUndefined();
  });

  it('is read with one', async () => {
    const { calls } = stubFetch(() => json(user));
    renderQueryHook(() => useAdminUser('u1'));
    await elapse(0);
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/users/u1']);
  });
});
