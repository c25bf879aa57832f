import type { QueryClient } from '@app/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../src/index.js';
import {
  UnauthorizedError,
  adminHealthQuery,
  adminProductSubscriptionListQuery,
  adminProductSubscriptionSummaryQuery,
  adminProductSummaryQuery,
  adminTenantQuery,
  adminTenantListQuery,
  adminTenantSubscriptionListQuery,
  adminTenantSubscriptionsQuery,
  adminTenantSummaryQuery,
  adminUserListQuery,
  adminUserQuery,
  adminUserSummaryQuery,
  createQueryClient,
  currentUserQuery,
  productListQuery,
  tenantMetricsQuery,
} from '../src/index.js';
import { json, stubFetch } from '@app/test-support/web';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = { id: 'u1', email: 'casey@demo.local', firstName: 'Casey', role: 'tenant' };

describe('the current-user read (SPEC.md §7)', () => {
  it('answers the user when signed in', async () => {
    const { calls } = stubFetch(() => json(signedIn));
    await expect(createQueryClient().fetchQuery(currentUserQuery())).resolves.toEqual(signedIn);
    expect(calls[0]?.url).toBe('/api/auth/user');
  });

  it('answers null on 401: signed out, not an error', async () => {
    stubFetch(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));
    await expect(createQueryClient().fetchQuery(currentUserQuery())).resolves.toBeNull();
  });

  it('is the only read where a 401 does not throw', async () => {
    stubFetch(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));
    await expect(createQueryClient().fetchInfiniteQuery(productListQuery())).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
  });
});

describe('admin page reads (SPEC.md §8)', () => {
  const failing = () => new Response('nope', { status: 500, statusText: 'Internal Server Error' });

  it.each([
    ['users', (client: QueryClient) => client.fetchInfiniteQuery(adminUserListQuery())],
    ['the user summary', (client: QueryClient) => client.fetchQuery(adminUserSummaryQuery())],
    ['a user', (client: QueryClient) => client.fetchQuery(adminUserQuery('u1'))],
    ['tenants', (client: QueryClient) => client.fetchInfiniteQuery(adminTenantListQuery())],
    ['the tenant summary', (client: QueryClient) => client.fetchQuery(adminTenantSummaryQuery())],
    ['the product summary', (client: QueryClient) => client.fetchQuery(adminProductSummaryQuery())],
    [
      "a product's subscriptions",
      (client: QueryClient) => client.fetchInfiniteQuery(adminProductSubscriptionListQuery('p1')),
    ],
    [
      "a product's subscription summary",
      (client: QueryClient) => client.fetchQuery(adminProductSubscriptionSummaryQuery('p1')),
    ],
    ['system health', (client: QueryClient) => client.fetchQuery(adminHealthQuery())],
  ])('%s fail with "HTTP error! status: {code}"', async (_name, read) => {
    stubFetch(failing);
    await expect(read(createQueryClient())).rejects.toThrow(/^HTTP error! status: 500$/);
  });

  it('the tenant read fails with "Failed to fetch tenant", keeping the status on the error', async () => {
    stubFetch(() => new Response(null, { status: 404, statusText: 'Not Found' }));
    const error = await createQueryClient()
      .fetchQuery(adminTenantQuery('t1'))
      .catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Failed to fetch tenant');
    expect((error as ApiError).status).toBe(404);
  });

  it('tenant metrics fail with "Failed to fetch tenant metrics: {status} {statusText}"', async () => {
    stubFetch(() => new Response('x', { status: 503, statusText: 'Service Unavailable' }));
    await expect(createQueryClient().fetchQuery(tenantMetricsQuery('t1'))).rejects.toThrow(
      /^Failed to fetch tenant metrics: 503 Service Unavailable$/,
    );
  });

  it("a tenant's subscriptions read as empty when the answer is an error", async () => {
    stubFetch(() => new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    await expect(createQueryClient().fetchQuery(adminTenantSubscriptionsQuery('t1'))).resolves.toEqual([]);
    const paged = await createQueryClient().fetchInfiniteQuery(adminTenantSubscriptionListQuery('t1'));
    expect(paged.pages).toEqual([{ items: [], next: null }]);
  });

  it("a tenant's subscriptions still fail when the network does", async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createQueryClient().fetchQuery(adminTenantSubscriptionsQuery('t1'))).rejects.toThrow(
      'Failed to fetch',
    );
    await expect(
      createQueryClient().fetchInfiniteQuery(adminTenantSubscriptionListQuery('t1')),
    ).rejects.toThrow('Failed to fetch');
  });

  it('a 401 is still Unauthorized under an admin message', async () => {
    stubFetch(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));
    const error = await createQueryClient()
      .fetchInfiniteQuery(adminUserListQuery())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as Error).message).toBe('HTTP error! status: 401');
  });
});

describe('paths', () => {
  it('encode ids so they cannot change the path', async () => {
    const { calls } = stubFetch(() => json({}));
    await createQueryClient().fetchQuery(adminTenantQuery('a/../b?x'));
    expect(calls[0]?.url).toBe('/api/admin/tenants/a%2F..%2Fb%3Fx');
  });

  it('ask tenant metrics for one subscription when given', async () => {
    const { calls } = stubFetch(() => json({}));
    const client = createQueryClient();
    await client.fetchQuery(tenantMetricsQuery('t1'));
    await client.fetchQuery(tenantMetricsQuery('t1', 's1'));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/tenant-metrics/t1',
      '/api/tenant-metrics/t1?subscription=s1',
    ]);
  });
});
