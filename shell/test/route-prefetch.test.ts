import type { CurrentUser } from '@app/contracts';
import { createQueryClient } from '@app/web-data';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchRoute } from '../src/federation/route-prefetch.js';
import { readsBySegment, screenReadAddresses } from '../src/federation/route-reads.js';
import { remoteRoutes, remotesByFirstSegment } from '../src/federation/remote-routes.js';
import { avery, casey } from './render.js';

const loads = vi.hoisted(() => {
  const view = () => ({ preload: vi.fn(() => Promise.resolve(() => null)) });
  return {
    loadScreen: vi.fn(() => Promise.resolve(() => null)),
    catalogPage: view(),
    remoteScreen: view(),
    navigationBar: view(),
  };
});
vi.mock('../src/federation/load-screen.js', () => ({ loadScreen: loads.loadScreen }));
vi.mock('../src/route-views.js', () => ({
  catalogPage: loads.catalogPage,
  remoteScreen: loads.remoteScreen,
}));
vi.mock('../src/layout/site-header.js', () => ({ navigationBar: loads.navigationBar }));

/**
 * Answers the current user as identity does and every other read with an empty page; records the addresses
 * asked, with their query when `withQuery`.
 */
function stubApi(user: CurrentUser | null, withQuery = false): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = String(input);
      asked.push(withQuery ? path : (path.split('?', 1)[0] ?? path));
      if (path === '/api/auth/user')
        return Promise.resolve(user ? Response.json(user) : new Response('', { status: 401 }));
      return Promise.resolve(Response.json(path.includes('summary') ? {} : []));
    }),
  );
  return asked;
}

/** Every read the route started: the reads start once the current user has answered. */
async function askedAfter(pathname: string, user: CurrentUser | null): Promise<string[]> {
  const asked = stubApi(user);
  await prefetchRoute(createQueryClient(), pathname);
  return asked.sort();
}

beforeEach(() => {
  for (const load of [
    loads.loadScreen,
    ...[loads.catalogPage, loads.remoteScreen, loads.navigationBar].map((view) => view.preload),
  ])
    load.mockClear();
});

describe('starting a route at navigation', () => {
  it("starts the customer dashboard's code and, for a signed-in user, its three reads", async () => {
    expect(await askedAfter('/dashboard', casey)).toEqual([
      '/api/auth/user',
      '/api/invoices',
      '/api/subscriptions',
      '/api/usage',
    ]);
    expect(loads.loadScreen).toHaveBeenCalledWith('mfe_customer', 'dashboard');
    // The shell's part that shows a remote screen, and the signed-in bar above it.
    expect(loads.remoteScreen.preload).toHaveBeenCalled();
    expect(loads.navigationBar.preload).toHaveBeenCalled();
  });

  it("reads nothing of a visitor's, though the code starts (the guard then sends them to sign in)", async () => {
    expect(await askedAfter('/dashboard', null)).toEqual(['/api/auth/user']);
    expect(loads.loadScreen).toHaveBeenCalledWith('mfe_customer', 'dashboard');
  });

  it("starts the Admin Portal's summaries and users for an admin, and none of them for a customer", async () => {
    expect(await askedAfter('/admin-portal', avery)).toEqual([
      '/api/admin/products/summary',
      '/api/admin/tenants/summary',
      '/api/admin/users',
      '/api/admin/users/summary',
      '/api/auth/user',
    ]);
    expect(await askedAfter('/admin-portal', casey)).toEqual(['/api/auth/user']);
    expect(loads.loadScreen).toHaveBeenCalledWith('mfe_admin', 'admin-portal');
  });

  it("starts the Admin Dashboard's figures and first lists for an admin", async () => {
    expect(await askedAfter('/admin', avery)).toEqual([
      '/api/admin/products/summary',
      '/api/admin/tenants',
      '/api/admin/tenants/summary',
      '/api/auth/user',
      '/api/products',
    ]);
  });

  it("starts the catalogue's first page and categories whoever asks, with no remote", async () => {
    expect(await askedAfter('/catalog', null)).toEqual(['/api/products', '/api/products/categories']);
    expect(loads.catalogPage.preload).toHaveBeenCalled();
    expect(loads.loadScreen).not.toHaveBeenCalled();
  });

  it('starts nothing for a route of the shell alone', async () => {
    expect(await askedAfter('/', casey)).toEqual([]);
    expect(loads.loadScreen).not.toHaveBeenCalled();
    expect(loads.catalogPage.preload).not.toHaveBeenCalled();
    expect(loads.remoteScreen.preload).not.toHaveBeenCalled();
  });
});

describe("the reads the gateway preloads in a route's page", () => {
  it.each([
    ['/catalog', null, 'catalog'],
    ['/dashboard', casey, 'dashboard'],
    ['/admin', avery, 'admin-dashboard'],
    ['/admin-portal', avery, 'admin-portal'],
  ] as const)('are exactly the addresses %s asks for at navigation', async (pathname, user, screen) => {
    const asked = stubApi(user, true);
    await prefetchRoute(createQueryClient(), pathname);
    const reads = asked.filter((address) => address !== '/api/auth/user');
    expect(reads.sort()).toEqual([...(screenReadAddresses[screen] ?? [])].sort());
  });

  it("are written per first path segment, the catalogue's under /catalog, none for a screen without any", () => {
    const reads = readsBySegment(remotesByFirstSegment(remoteRoutes));
    expect(reads.catalog).toEqual(screenReadAddresses.catalog);
    expect(reads.dashboard).toEqual(screenReadAddresses.dashboard);
    expect(reads.admin).toEqual(screenReadAddresses['admin-dashboard']);
    expect(reads['admin-portal']).toEqual(screenReadAddresses['admin-portal']);
    expect(Object.keys(reads).sort()).toEqual(['admin', 'admin-portal', 'catalog', 'dashboard']);
  });
});
