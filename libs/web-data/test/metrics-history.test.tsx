// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createQueryClient,
  tenantMetricsHistoryQuery,
  tenantMetricsRefetchIntervalMs,
  useTenantMetricsHistory,
} from '../src/index.js';
import { json, stubFetch } from '@app/test-support/web';
import { elapse, renderQueryHook } from './render-hook.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the tenant metrics history read', () => {
  it('asks for the last 24 hours of a tenant, or of one subscription when given', async () => {
    const { calls } = stubFetch(() => json({ points: [] }));
    const client = createQueryClient();
    await client.fetchQuery(tenantMetricsHistoryQuery('t1'));
    await client.fetchQuery(tenantMetricsHistoryQuery('t1', 's 1'));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/tenant-metrics/t1/history',
      '/api/tenant-metrics/t1/history?subscription=s%201',
    ]);
  });

  it('fails with the metrics message "Failed to fetch tenant metrics: {status} {statusText}"', async () => {
    stubFetch(() => new Response('x', { status: 404, statusText: 'Not Found' }));
    await expect(createQueryClient().fetchQuery(tenantMetricsHistoryQuery('t1'))).rejects.toThrow(
      /^Failed to fetch tenant metrics: 404 Not Found$/,
    );
  });

  it('polls every 5 minutes, like the latest document', async () => {
    vi.useFakeTimers();
    const { calls } = stubFetch(() => json({ points: [] }));
    renderQueryHook(() => useTenantMetricsHistory('t1'));
    await elapse(0);
    await elapse(tenantMetricsRefetchIntervalMs - 1);
    expect(calls).toHaveLength(1);
    await elapse(1);
    expect(calls).toHaveLength(2);
  });
});
