import { identityHeaders } from '@app/service-kit/testing';
import { createAs, patchAs } from '@app/test-support/admin-requests';
import type { CatalogHarness } from './catalog-harness.js';

export const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ledger Sync',
  slug: `ledger-sync-${Math.random().toString(36).slice(2, 10)}`,
  description: 'Keeps ledgers in sync',
  basePrice: 129.5,
  category: 'Accounting',
  color: '#22C55E',
  icon: 'Link',
  features: ['Daily sync', 'Audit log'],
  ...overrides,
});

export async function asAdmin() {
  return identityHeaders('admin');
}

export async function createProduct(catalog: CatalogHarness, body: Record<string, unknown> = newProduct()) {
  const response = await createAs(catalog.app, await asAdmin(), '/api/admin/products', body);
  return {
    product: response.json<{ id: string; slug: string; name: string }>(),
    etag: response.headers.etag as string,
  };
}

export async function patchProduct(
  catalog: CatalogHarness,
  id: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return patchAs(catalog.app, await asAdmin(), `/api/admin/products/${id}`, payload, headers);
}

export async function listAs(catalog: CatalogHarness, role: 'admin' | 'tenant' | 'visitor') {
  const headers = role === 'visitor' ? {} : await identityHeaders(role);
  const response = await catalog.app.inject({ method: 'GET', url: '/api/products', headers });
  return response.json<
    Array<{ id: string; slug: string; name: string; isActive: boolean; basePrice: number }>
  >();
}
