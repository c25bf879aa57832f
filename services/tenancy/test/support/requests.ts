import { randomUUID } from 'node:crypto';
import type { Tenant } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import type { TenancyHarness } from './tenancy-harness.js';

export const asAdmin = (userId: string = randomUUID()) => identityHeaders('admin', undefined, { userId });
export const asTenant = () => identityHeaders('tenant', undefined, { userId: randomUUID() });

export const newTenantName = (label = 'Tenant') => `${label} ${Math.random().toString(36).slice(2, 8)}`;

export async function createTenant(tenancy: TenancyHarness, body: Record<string, unknown> = {}) {
  const response = await tenancy.app.inject({
    method: 'POST',
    url: '/api/admin/tenants',
    headers: await asAdmin(),
    payload: { name: newTenantName(), ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return { tenant: response.json<Tenant>(), etag: response.headers.etag as string };
}

export async function patchTenant(
  tenancy: TenancyHarness,
  id: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return tenancy.app.inject({
    method: 'PATCH',
    url: `/api/admin/tenants/${id}`,
    headers: { ...(await asAdmin()), ...headers },
    payload,
  });
}
