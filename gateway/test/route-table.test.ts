import { describe, expect, it } from 'vitest';
import { buildRouteTable, matchRoute, type RouteEntry } from '../src/route-table.js';

const table = buildRouteTable({ catalog: 'http://catalog' });
const owner = (path: string, method = 'GET') => matchRoute(table, method, path);

describe('matchRoute with the catalogue entries', () => {
  it.each([
    ['/api/products', 'public'],
    ['/api/products/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'public'],
    ['/api/admin/products', 'admin'],
    ['/api/admin/products/p-1/activate', 'admin'],
    ['/api/%61dmin/products', 'admin'],
  ])('%s belongs to catalog (%s)', (path, access) => {
    expect(owner(path)).toMatchObject({ service: 'catalog', access });
  });

  it.each([
    '/api/productsX',
    '/api/products/../admin/products',
    '/api/products/%2e%2e/admin/products',
    '/api/products/%2E%2E/admin',
    '/api/products/./x',
    '/api/products/a%2fb',
    '/api/products/a%2Fb',
    '/api/products/a%5cb',
    '/api/products/a\\b',
    '/api/products/%zz',
    '/api/products/a%00b',
    '//api/products',
    '/api//products',
    '/api/products/',
    '/api/admin/products/',
    '/api/unknown',
    '/api/',
    '/api',
    '/products',
    '/API/products',
    '/api/products?x=1',
  ])('%s matches nothing', (path) => {
    expect(owner(path)).toBeNull();
  });

  it('has no entries for services that are not configured', () => {
    expect(matchRoute(buildRouteTable({}), 'GET', '/api/products')).toBeNull();
  });
});

describe('ordering', () => {
  const entries: RouteEntry[] = [
    { pattern: '/api/admin/products/*', service: 'catalog', access: 'admin' },
    { pattern: '/api/admin/products/:id/subscriptions', service: 'tenancy', access: 'admin' },
    { pattern: '/api/admin/*', service: 'identity', access: 'admin' },
    { pattern: '/api/webhooks/*', service: 'billing', access: 'public', methods: ['POST'] },
  ];
  const all = buildRouteTable({ catalog: 'c', tenancy: 't', identity: 'i', billing: 'b' }, entries);

  it('prefers the most specific entry whatever the declared order', () => {
    expect(matchRoute(all, 'GET', '/api/admin/products/p-1/subscriptions')?.service).toBe('tenancy');
    expect(matchRoute(all, 'GET', '/api/admin/products/p-1/subscriptions/x')?.service).toBe('catalog');
    expect(matchRoute(all, 'GET', '/api/admin/products/p-1')?.service).toBe('catalog');
    expect(matchRoute(all, 'GET', '/api/admin/users')?.service).toBe('identity');
  });

  it('honours method restrictions', () => {
    expect(matchRoute(all, 'post', '/api/webhooks/stripe')?.service).toBe('billing');
    expect(matchRoute(all, 'GET', '/api/webhooks/stripe')).toBeNull();
  });

  it('rejects malformed patterns', () => {
    const bad = (pattern: string) => () =>
      buildRouteTable({ catalog: 'c' }, [{ pattern, service: 'catalog', access: 'public' }]);
    expect(bad('/products')).toThrow(/must start with \/api\//);
    expect(bad('/api/*/x')).toThrow(/last segment/);
    expect(bad('/api//x')).toThrow(/empty segment/);
  });
});
