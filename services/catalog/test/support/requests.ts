import { identityHeaders } from '@app/service-kit/testing';
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
  const response = await catalog.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: await asAdmin(),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return {
    product: response.json<{ id: string; slug: string; name: string }>(),
    etag: response.headers.etag,
  };
}

export async function listAs(catalog: CatalogHarness, role: 'admin' | 'tenant' | 'visitor') {
  const headers = role === 'visitor' ? {} : await identityHeaders(role);
  const response = await catalog.app.inject({ method: 'GET', url: '/api/products', headers });
  return response.json<
    Array<{ id: string; slug: string; name: string; isActive: boolean; basePrice: number }>
  >();
}
