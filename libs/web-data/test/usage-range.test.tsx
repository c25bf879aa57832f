// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  UnauthorizedError,
  createQueryClient,
  queryKeys,
  usageRangeQuery,
  useUsageRange,
} from '../src/index.js';
import { json, stubApi, stubFetch } from '@app/test-support/web';
import { renderQueryHook } from './render-hook.js';

const october = { from: '2026-10-01', to: '2026-10-31' };
const record = {
  id: 'r1',
  metric: 'api_calls',
  quantity: 12,
  periodStart: '2026-10-05T00:00:00.000Z',
  periodEnd: '2026-10-06T00:00:00.000Z',
};

describe('the ranged usage read (GET /api/usage?from&to)', () => {
  it('asks for the whole UTC days of the range and answers the records', async () => {
    const { calls } = stubFetch(() => json([record]));
    await expect(createQueryClient().fetchQuery(usageRangeQuery(october))).resolves.toEqual([record]);
    expect(calls.map((call) => call.url)).toEqual(['/api/usage?from=2026-10-01&limit=200&to=2026-10-31']);
    expect(calls[0]?.credentials).toBe('include');
  });

  it('caches each range on its own', async () => {
    const { calls } = stubFetch(() => json([]));
    const client = createQueryClient();
    await client.fetchQuery(usageRangeQuery(october));
    await client.fetchQuery(usageRangeQuery({ from: '2026-09-01', to: '2026-09-30' }));
    await client.fetchQuery(usageRangeQuery(october));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/usage?from=2026-10-01&limit=200&to=2026-10-31',
      '/api/usage?from=2026-09-01&limit=200&to=2026-09-30',
    ]);
  });

  it('throws Unauthorized on 401', async () => {
    stubFetch(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));
    await expect(createQueryClient().fetchQuery(usageRangeQuery(october))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
  });
});

describe('useUsageRange', () => {
  it('reads only once someone is signed in', async () => {
    const { calls } = stubApi({ '/api/auth/user': () => new Response(null, { status: 401 }) });
    const { result } = renderQueryHook(() => useUsageRange(october));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/user']);
  });

  it('is refreshed when the usage read is invalidated', async () => {
    let quantity = 1;
    const { callsTo } = stubApi({
      '/api/auth/user': () => json({ id: 'u1', email: 'casey@demo.local', role: 'tenant' }),
      '/api/usage?from=2026-10-01&limit=200&to=2026-10-31': () => json([{ ...record, quantity: quantity++ }]),
    });
    const { result, client } = renderQueryHook(() => useUsageRange(october));
    await waitFor(() => expect(result.current.data?.[0]?.quantity).toBe(1));

    await act(() => client.invalidateQueries({ queryKey: queryKeys.usage }));

    await waitFor(() => expect(result.current.data?.[0]?.quantity).toBe(2));
    expect(callsTo('/api/usage?from=2026-10-01&limit=200&to=2026-10-31')).toHaveLength(2);
  });
});
