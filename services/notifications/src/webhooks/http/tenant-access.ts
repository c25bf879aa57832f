import type pg from 'pg';
import { NotFoundError } from '@app/domain';
import { tenantOwnerOf } from '../projections/endpoint-queries.js';

/** Who the webhook routes are for: a tenant's owner (their settings) or an admin (tenant details). */
export type EndpointAudience = 'owner' | 'admin';

export const tenantNotFound = 'Tenant not found';

export const endpointPrefixes: Record<EndpointAudience, string> = {
  owner: '/api/tenant-webhooks/:tenantId/endpoints',
  admin: '/api/admin/tenants/:tenantId/webhooks/endpoints',
};

export const endpointPolicies = { owner: 'signed-in', admin: 'admin' } as const;

/**
 * An owner acts only for a tenant they own, an admin for any: another tenant, or one notifications has not
 * copied yet, is 404, so no id reveals whether it exists.
 */
export async function assertMayActFor(
  db: pg.Pool,
  audience: EndpointAudience,
  request: { caller?: { userId: string } | null },
  tenantId: string,
): Promise<void> {
  const tenant = await tenantOwnerOf(db, tenantId);
  const mayAct = tenant !== null && (audience === 'admin' || tenant.ownerId === request.caller?.userId);
  if (!mayAct) throw new NotFoundError(tenantNotFound);
}
