import type pg from 'pg';
import type { WebhookEndpoint } from '@app/contracts';
import type { WebhookEndpointRow } from './webhook-endpoints.js';

type StoredRow = Omit<WebhookEndpointRow, 'revision' | 'registered_at' | 'updated_at'> & {
  revision: string;
  registered_at: Date;
  updated_at: Date;
};

const columns = 'id, tenant_id, url, event_types, status, revision, registered_at, updated_at';

function endpointOf(row: StoredRow): WebhookEndpoint {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    url: row.url,
    eventTypes: row.event_types,
    status: row.status,
    registeredAt: row.registered_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A tenant's endpoints, oldest first: few per tenant, so unpaged. */
export async function listTenantEndpoints(db: pg.Pool, tenantId: string): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<StoredRow>(
    `SELECT ${columns} FROM webhook_endpoints WHERE tenant_id = $1 ORDER BY registered_at, id`,
    [tenantId],
  );
  return rows.map(endpointOf);
}

/** One endpoint's row with its revision, for a command's answer once the read model shows it. */
export async function endpointWithRevision(
  db: pg.Pool,
  endpointId: string,
): Promise<{ revision: number; body: WebhookEndpoint } | null> {
  const { rows } = await db.query<StoredRow>(`SELECT ${columns} FROM webhook_endpoints WHERE id = $1`, [
    endpointId,
  ]);
  const row = rows[0];
  return row ? { revision: Number(row.revision), body: endpointOf(row) } : null;
}

/**
 * The tenant as notifications' copy of tenancy knows it: whether it exists and who owns it. A tenant created a
 * moment ago may not be copied yet; its owner tries again.
 */
export async function tenantOwnerOf(
  db: pg.Pool,
  tenantId: string,
): Promise<{ ownerId: string | null } | null> {
  const { rows } = await db.query<{ owner_id: string | null }>(
    'SELECT owner_id FROM tenants WHERE tenant_id = $1',
    [tenantId],
  );
  const row = rows[0];
  return row ? { ownerId: row.owner_id } : null;
}

/** The tenants a user owns in notifications' copy of tenancy, by name; none for nobody. */
export async function tenantsOwnedBy(
  db: pg.Pool,
  userId: string | null,
): Promise<{ id: string; name: string }[]> {
  if (userId === null) return [];
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT tenant_id AS id, name FROM tenants WHERE owner_id = $1 ORDER BY name, tenant_id',
    [userId],
  );
  return rows;
}

/** Whether the endpoint is one of the tenant's, as its read model shows it. */
export async function isTenantEndpoint(db: pg.Pool, tenantId: string, endpointId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 AND tenant_id = $2', [
    endpointId,
    tenantId,
  ]);
  return rowCount === 1;
}
