// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { maxPageLimit } from '@app/contracts';
import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  allPagesLimit,
  createQueryClient,
  invoicesQuery,
  listAddress,
  nextLink,
  queryKeys,
  readAllPages,
  readPage,
  useAdminTenantList,
  useAdminUserList,
} from '../src/index.js';
import { json, never, pageOf, pagedList, stubApi, stubFetch } from '@app/test-support/web';
import { renderQueryHook } from './render-hook.js';

const names = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `t${index + 1}` }));

describe('the next page address (RFC 8288 Link)', () => {
  it.each([
    ['</api/products?cursor=abc>; rel="next"', '/api/products?cursor=abc'],
    ['</a?cursor=1>; rel=next', '/a?cursor=1'],
    ['</first>; rel="first", </a?q=x&cursor=2>; rel="next last"', '/a?q=x&cursor=2'],
    ['</a?cursor=3>; title="page, two"; REL="Next"', '/a?cursor=3'],
  ])('reads %s as %s', (header, address) => {
    expect(nextLink(header)).toBe(address);
  });

  it.each([
    ['no header', null],
    ['no next', '</api/products>; rel="prev"'],
    ['another origin', '<https://elsewhere.example/api/products?cursor=x>; rel="next"'],
    ['a protocol-relative address', '<//elsewhere.example/api>; rel="next"'],
  ])('is null for %s', (_case, header) => {
    expect(nextLink(header)).toBeNull();
  });
});

describe('list addresses', () => {
  it('leave out what says nothing and order the rest, so equal filters make one address', () => {
    expect(listAddress('/api/admin/tenants', { status: 'active', q: '  acme ', ownerId: undefined })).toBe(
      '/api/admin/tenants?q=acme&status=active',
    );
    expect(listAddress('/api/admin/tenants', { q: '   ' })).toBe('/api/admin/tenants');
    expect(listAddress('/api/products', { isActive: true, limit: 10 })).toBe(
      '/api/products?isActive=true&limit=10',
    );
  });

  it('make equal query keys for equal filters, and distinct ones for distinct filters', () => {
    expect(queryKeys.adminTenantList({ q: ' acme', status: undefined })).toEqual(
      queryKeys.adminTenantList({ q: 'acme' }),
    );
    expect(queryKeys.adminTenantList({ q: 'acme' })).not.toEqual(queryKeys.adminTenantList({ q: 'acm' }));
    expect(queryKeys.adminTenantList({ q: 'acme' }).slice(0, 1)).toEqual(queryKeys.adminTenants);
  });
});

describe('reading pages', () => {
  it('answers the items and the next address', async () => {
    stubApi({ '/api/invoices': () => pageOf([{ id: 'i1' }], '/api/invoices?cursor=c2') });
    await expect(readPage('/api/invoices')).resolves.toEqual({
      items: [{ id: 'i1' }],
      next: '/api/invoices?cursor=c2',
    });
  });

  it('follows next to the last page when every page is wanted', async () => {
    const { calls } = stubApi({ '/api/invoices?*': pagedList(names(450)) });
    const items = await readAllPages<{ id: string }>('/api/invoices?limit=200');
    expect(items.map((item) => item.id)).toEqual(names(450).map((item) => item.id));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/invoices?limit=200',
      '/api/invoices?limit=200&cursor=at200',
      '/api/invoices?limit=200&cursor=at400',
    ]);
  });

  it('stops rather than loop on an address it has read', async () => {
    const { calls } = stubApi({ '/api/usage': () => pageOf([{ id: 'u1' }], '/api/usage') });
    await expect(readAllPages('/api/usage')).resolves.toEqual([{ id: 'u1' }]);
    expect(calls).toHaveLength(1);
  });

  it("reads a customer's own lists whole, at the largest page size the lists allow", async () => {
    expect(allPagesLimit).toBe(maxPageLimit);
    stubApi({ '/api/invoices?*': pagedList(names(201)) });
    const invoices = await createQueryClient().fetchQuery(invoicesQuery());
    expect(invoices).toHaveLength(201);
  });
});

describe('paged list hooks', () => {
  it('read the first page, then each next page on request, until there is none', async () => {
    const { calls } = stubApi({ '/api/admin/tenants?*': pagedList(names(120)) });
    const { result } = renderQueryHook(() => useAdminTenantList());
    await waitFor(() => expect(result.current.data).toHaveLength(50));
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data).toHaveLength(100));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false));
    expect(result.current.data?.map((tenant) => tenant.id)).toEqual(names(120).map((tenant) => tenant.id));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/tenants',
      '/api/admin/tenants?cursor=at50',
      '/api/admin/tenants?cursor=at100',
    ]);
  });

  it('ask the server with the filters, and cache each filter on its own', async () => {
    const users = [
      { id: 'u1', email: 'ada@example.com' },
      { id: 'u2', email: 'bo@example.com' },
    ];
    const { calls } = stubApi({
      '/api/admin/users?*': pagedList((query) =>
        users.filter((user) => user.email.includes(query.get('q') ?? '')),
      ),
    });
    const { result, client } = renderQueryHook(() => {
      const [q, setQ] = useState('');
      return { list: useAdminUserList({ q, role: 'admin' }), setQ };
    });
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));

    act(() => result.current.setQ('ada'));
    await waitFor(() => expect(result.current.list.data).toEqual([users[0]]));
    act(() => result.current.setQ(''));
    expect(result.current.list.data).toHaveLength(2);

    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/users?role=admin',
      '/api/admin/users?q=ada&role=admin',
    ]);
    expect(client.getQueryData(queryKeys.adminUserList({ role: 'admin', q: 'ada' }))).toBeDefined();
  });

  it("keep the previous filter's items on screen while the new filter's first page loads", async () => {
    stubApi({
      '/api/admin/users': () => json([{ id: 'u1' }]),
      '/api/admin/users?q=nobody': never,
    });
    const { result } = renderQueryHook(() => {
      const [q, setQ] = useState('');
      return { list: useAdminUserList({ q }), setQ };
    });
    await waitFor(() => expect(result.current.list.data).toEqual([{ id: 'u1' }]));
    act(() => result.current.setQ('nobody'));
    await waitFor(() => expect(result.current.list.isPlaceholderData).toBe(true));
    expect(result.current.list.data).toEqual([{ id: 'u1' }]);
  });

  it('fail with the read error of their page', async () => {
    stubFetch(() => new Response('down', { status: 503 }));
    const { result } = renderQueryHook(() => useAdminTenantList());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('HTTP error! status: 503');
  });
});
