// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { useMutation, type QueryClient, type QueryKey, type UseMutationOptions } from '@app/query';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  addTenantSubscriptionMutation,
  changePasswordMutation,
  confirmSandboxPaymentMutation,
  createPaymentIntentMutation,
  createProductMutation,
  createQueryClient,
  createUserMutation,
  deleteProductMutation,
  queryKeys,
  replaceProductMutation,
  replaceTenantMutation,
  revealCredentialMutation,
  updateProductMutation,
  updateProfileMutation,
  updateSubscriptionMutation,
  updateTenantMutation,
  updateUserMutation,
  useCreateProduct,
  useProductList,
} from '../src/index.js';
import { json, stubFetch } from '@app/test-support/web';
import { renderQueryHook } from './render-hook.js';

const cached: Record<string, QueryKey> = {
  currentUser: queryKeys.currentUser,
  productList: queryKeys.productList({ q: 'bank' }),
  product: queryKeys.product('p1'),
  productCategories: queryKeys.productCategories,
  productSummary: queryKeys.productSummary,
  subscriptions: queryKeys.subscriptions,
  usage: queryKeys.usage,
  invoices: queryKeys.invoices,
  billingConfig: queryKeys.billingConfig,
  adminUserList: queryKeys.adminUserList({ role: 'admin' }),
  adminUserSummary: queryKeys.adminUserSummary,
  adminUser: queryKeys.adminUser('u1'),
  adminTenantList: queryKeys.adminTenantList({ ownerId: 'u1' }),
  adminTenantSummary: queryKeys.adminTenantSummary(),
  adminOwnerTenantSummary: queryKeys.adminTenantSummary('u1'),
  adminTenant: queryKeys.adminTenant('t1'),
  adminTenantSubscriptions: queryKeys.adminTenantSubscriptions('t1'),
  adminTenantSubscriptionList: queryKeys.adminTenantSubscriptionList('t1', {}),
  adminProductSubscriptionList: queryKeys.adminProductSubscriptionList('p1', { live: true }),
  adminProductSubscriptionSummary: queryKeys.adminProductSubscriptionSummary('p1'),
  adminHealth: queryKeys.adminHealth,
  tenantMetrics: queryKeys.tenantMetrics('t1'),
};

const tenancyViews = [
  'adminTenantList',
  'adminTenantSummary',
  'adminOwnerTenantSummary',
  'adminTenant',
  'adminTenantSubscriptions',
  'adminTenantSubscriptionList',
  'adminProductSubscriptionList',
  'adminProductSubscriptionSummary',
];
const productViews = ['productList', 'product', 'productCategories', 'productSummary'];
const product = { name: 'Ledger', slug: 'ledger', basePrice: 10 };

interface Case {
  name: string;
  // Each factory has its own variables type; the table only needs to run them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  options: UseMutationOptions<any, Error, any>;
  variables: unknown;
  request: [method: string, url: string, body?: unknown];
  refreshes: string[];
}

const cases: Case[] = [
  {
    name: 'create user',
    options: createUserMutation(),
    variables: { email: 'new@demo.local', role: 'user' },
    request: ['POST', '/api/admin/users', { email: 'new@demo.local', role: 'user' }],
    refreshes: ['adminUserList', 'adminUserSummary'],
  },
  {
    name: 'update user',
    options: updateUserMutation(),
    variables: { id: 'u1', body: { firstName: 'Ada' } },
    request: ['PATCH', '/api/admin/users/u1', { firstName: 'Ada' }],
    refreshes: ['adminUserList', 'adminUserSummary', 'adminUser', 'currentUser'],
  },
  {
    name: 'create product',
    options: createProductMutation(),
    variables: product,
    request: ['POST', '/api/admin/products', product],
    refreshes: productViews,
  },
  {
    name: 'replace product (edit dialog, status toggle)',
    options: replaceProductMutation(),
    variables: { id: 'p1', body: { ...product, isActive: false } },
    request: ['PUT', '/api/admin/products/p1', { ...product, isActive: false }],
    refreshes: productViews,
  },
  {
    name: 'update product (details page)',
    options: updateProductMutation(),
    variables: { id: 'p1', body: { features: ['Reports'] } },
    request: ['PATCH', '/api/admin/products/p1', { features: ['Reports'] }],
    refreshes: productViews,
  },
  {
    name: 'delete product',
    options: deleteProductMutation(),
    variables: 'p1',
    request: ['DELETE', '/api/admin/products/p1'],
    refreshes: productViews,
  },
  {
    name: 'add tenant subscription',
    options: addTenantSubscriptionMutation(),
    variables: { tenantId: 't1', body: { productId: 'p1', plan: 'professional', status: 'active' } },
    request: [
      'POST',
      '/api/admin/tenants/t1/subscriptions',
      { productId: 'p1', plan: 'professional', status: 'active' },
    ],
    refreshes: tenancyViews,
  },
  {
    name: 'toggle subscription status',
    options: updateSubscriptionMutation(),
    variables: { subscriptionId: 's1', body: { status: 'cancelled' } },
    request: ['PATCH', '/api/admin/subscriptions/s1', { status: 'cancelled' }],
    refreshes: tenancyViews,
  },
  {
    name: 'update tenant',
    options: updateTenantMutation(),
    variables: { id: 't1', body: { name: 'Acme' } },
    request: ['PATCH', '/api/admin/tenants/t1', { name: 'Acme' }],
    refreshes: tenancyViews,
  },
  {
    name: 'replace tenant',
    options: replaceTenantMutation(),
    variables: { id: 't1', body: { name: 'Acme', status: 'active' } },
    request: ['PUT', '/api/admin/tenants/t1', { name: 'Acme', status: 'active' }],
    refreshes: tenancyViews,
  },
  {
    name: 'reveal a provider password',
    options: revealCredentialMutation(),
    variables: { tenantId: 't1', group: 'dnsServer' },
    request: ['POST', '/api/admin/tenants/t1/credentials/dnsServer/reveal'],
    refreshes: [],
  },
  {
    name: 'create payment intent',
    options: createPaymentIntentMutation(),
    variables: { amount: 49, productId: 'p1' },
    request: ['POST', '/api/create-payment-intent', { amount: 49, productId: 'p1' }],
    refreshes: [],
  },
  {
    name: 'confirm a sandbox payment',
    options: confirmSandboxPaymentMutation(),
    variables: { clientSecret: 'cs', card: { number: '4242', expMonth: 1, expYear: 2030, cvc: '123' } },
    request: [
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: 'cs', card: { number: '4242', expMonth: 1, expYear: 2030, cvc: '123' } },
    ],
    refreshes: ['subscriptions', 'invoices'],
  },
  {
    name: 'change password',
    options: changePasswordMutation(),
    variables: { currentPassword: 'old-password', newPassword: 'a-new-password' },
    request: [
      'POST',
      '/api/auth/password',
      { currentPassword: 'old-password', newPassword: 'a-new-password' },
    ],
    refreshes: [],
  },
];

function seed(client: QueryClient) {
  for (const key of Object.values(cached)) client.setQueryData(key, []);
}

function refreshed(client: QueryClient): string[] {
  return Object.entries(cached)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('writes (SPEC.md §7)', () => {
  it.each(cases)('$name: sends its call and refreshes exactly what it changes', async (testCase) => {
    const { calls } = stubFetch(() => json({}));
    const client = createQueryClient();
    seed(client);
    const { result } = renderQueryHook(() => useMutation(testCase.options), client);
    await act(() => result.current.mutateAsync(testCase.variables));
    const [method, url, body] = testCase.request;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method,
      url,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(refreshed(client)).toEqual([...testCase.refreshes].sort());
  });

  it('update profile: puts the answer in place of the current user', async () => {
    const updated = { id: 'u1', email: 'casey@demo.local', firstName: 'Casey', role: 'tenant' };
    const { calls } = stubFetch(() => json(updated));
    const client = createQueryClient();
    seed(client);
    const { result } = renderQueryHook(() => useMutation(updateProfileMutation()), client);
    await act(() => result.current.mutateAsync({ firstName: 'Casey' }));
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/api/auth/user', body: '{"firstName":"Casey"}' });
    expect(client.getQueryData(queryKeys.currentUser)).toEqual(updated);
    expect(refreshed(client)).toEqual([]);
  });

  it('stay pending until the lists they refresh have arrived', async () => {
    let products: unknown[] = [];
    const noRelease = () => undefined;
    let releaseList: () => void = noRelease;
    stubFetch((call) => {
      if (call.method === 'POST') {
        products = [{ id: 'p1', ...product }];
        return json(products[0], { status: 201 });
      }
      const answer = json(products);
      return products.length === 0 ? answer : new Promise((resolve) => (releaseList = () => resolve(answer)));
    });
    const { result } = renderQueryHook(() => ({ list: useProductList(), create: useCreateProduct() }));
    await vi.waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    let settled = false;
    act(() => {
      void result.current.create.mutateAsync(product).then(() => (settled = true));
    });
    await vi.waitFor(() => expect(releaseList).not.toBe(noRelease));
    expect(settled).toBe(false);
    expect(result.current.create.isPending).toBe(true);
    act(() => releaseList());
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(result.current.list.data).toEqual([{ id: 'p1', ...product }]);
  });
});
