import type { CurrentUser } from '@app/contracts';
import { createQueryClient } from '@app/web-data';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchRoute } from '../src/federation/route-prefetch.js';
import { avery, casey } from './render.js';

const loads = vi.hoisted(() => ({ loadScreen: vi.fn(() => Promise.resolve(() => null)) }));
vi.mock('../src/federation/load-screen.js', () => ({ loadScreen: loads.loadScreen }));

/** Answers the current user as identity does and every other read with an empty page; records the paths asked. */
function stubApi(user: CurrentUser | null): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = String(input);
      asked.push(path.split('?', 1)[0] ?? path);
      if (path === '/api/auth/user')
        return Promise.resolve(user ? Response.json(user) : new Response('', { status: 401 }));
      return Promise.resolve(Response.json(path.includes('summary') ? {} : []));
    }),
  );
  return asked;
}

/** Until every read started has been asked for: the reads start once the current user has answered. */
async function askedAfter(pathname: string, user: CurrentUser | null): Promise<string[]> {
  const asked = stubApi(user);
  const client = createQueryClient();
  prefetchRoute(client, pathname);
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  return asked.sort();
}

beforeEach(() => loads.loadScreen.mockClear());

describe('starting a route at navigation', () => {
  it("starts the customer dashboard's code and, for a signed-in user, its three reads", async () => {
    expect(await askedAfter('/dashboard', casey)).toEqual([
      '/api/auth/user',
      '/api/invoices',
      '/api/subscriptions',
      '/api/usage',
    ]);
    expect(loads.loadScreen).toHaveBeenCalledWith('mfe_customer', 'dashboard');
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
    expect(loads.loadScreen).not.toHaveBeenCalled();
  });

  it('starts nothing for a route of the shell alone', async () => {
    expect(await askedAfter('/', casey)).toEqual([]);
    expect(loads.loadScreen).not.toHaveBeenCalled();
  });
});
