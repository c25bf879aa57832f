import { randomUUID } from 'node:crypto';
import type { Tenant } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { createAs, patchAs } from '@app/test-support/admin-requests';
import type { TenancyHarness } from './tenancy-harness.js';

export const asAdmin = (userId: string = randomUUID()) => identityHeaders('admin', undefined, { userId });
export const asTenant = () => identityHeaders('tenant', undefined, { userId: randomUUID() });

export const newTenantName = (label = 'Tenant') => `${label} ${Math.random().toString(36).slice(2, 8)}`;

export async function createTenant(tenancy: TenancyHarness, body: Record<string, unknown> = {}) {
  const response = await createAs(tenancy.app, await asAdmin(), '/api/admin/tenants', {
    name: newTenantName(),
    ...body,
  });
  return { tenant: response.json<Tenant>(), etag: response.headers.etag as string };
}

export async function patchTenant(
  tenancy: TenancyHarness,
  id: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return patchAs(tenancy.app, await asAdmin(), `/api/admin/tenants/${id}`, payload, headers);
}
