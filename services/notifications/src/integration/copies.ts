import type pg from 'pg';
import { MessageNotReadyYet } from '@app/eventing';

/** The product's name as the catalogue last published it; null when it never arrived. */
export async function productNameOf(tx: pg.PoolClient, productId: string): Promise<string | null> {
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM products WHERE product_id = $1', [
    productId,
  ]);
  return rows[0]?.name ?? null;
}

export interface TenantCopy {
  name: string;
  ownerId: string | null;
}

export async function tenantOf(tx: pg.PoolClient, tenantId: string): Promise<TenantCopy | null> {
  const { rows } = await tx.query<{ name: string; owner_id: string | null }>(
    'SELECT name, owner_id FROM tenants WHERE tenant_id = $1',
    [tenantId],
  );
  const row = rows[0];
  return row ? { name: row.name, ownerId: row.owner_id } : null;
}

/** Thrown so the consumer has the event redelivered later: tenancy's copy of the tenant has not arrived yet. */
export class TenantNotYetKnownError extends MessageNotReadyYet {
  constructor(tenantId: string) {
    super(`Tenant ${tenantId} is not in notifications' copy of tenancy's tenants yet`);
  }
}
