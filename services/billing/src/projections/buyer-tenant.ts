import type pg from 'pg';

/**
 * The tenant each buyer's purchases are for, from billing's copy of tenancy's tenants: the first they own, as
 * tenancy picks it (their sign-up's tenant, made before any other they own, else the oldest an admin gave them;
 * services/tenancy customer-tenant.ts). A buyer billing knows no tenant of is left out: tenancy then makes or
 * finds one.
 */
export async function buyerTenantsOf(
  db: pg.Pool | pg.PoolClient,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ owner_id: string; tenant_id: string }>(
    `SELECT DISTINCT ON (owner_id) owner_id, tenant_id FROM tenants WHERE owner_id = ANY($1::uuid[])
     ORDER BY owner_id, created_at, tenant_id`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.owner_id, row.tenant_id]));
}

/** One buyer's tenant as buyerTenantsOf picks it; null while billing knows of none. */
export async function buyerTenantOf(db: pg.Pool | pg.PoolClient, userId: string): Promise<string | null> {
  return (await buyerTenantsOf(db, [userId])).get(userId) ?? null;
}
