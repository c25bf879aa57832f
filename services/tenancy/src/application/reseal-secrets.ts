import type pg from 'pg';
import { mapBounded } from '@app/concurrency';
import type { SubscriptionCommands } from './subscription-commands.js';
import type { TenantCommands } from './tenant-commands.js';

export interface ResealSummary {
  tenantsChecked: number;
  tenantsResealed: number;
  subscriptionsChecked: number;
  subscriptionsResealed: number;
}

/** Who the resealing facts name as their actor, in the audit trail. */
const options = { metadata: { actorId: 'secrets-reseal' } };

/** Streams resealed at once: each is a read and at most one append, and the event store is shared. */
const concurrency = 8;

/**
 * Reseals under the key ring's newest key every provider password and metrics API key an older key sealed, so
 * the older key can leave the ring (docs/operations.md "Rotate the secrets key ring"). Which tenants and
 * subscriptions exist comes from the read models (run it with tenancy's projections caught up); what is sealed
 * comes from each stream. A second run finds nothing to do.
 */
export async function resealAllSecrets(deps: {
  pool: pg.Pool;
  tenants: Pick<TenantCommands, 'resealCredentials'>;
  subscriptions: Pick<SubscriptionCommands, 'resealMetricsApiKey'>;
}): Promise<ResealSummary> {
  const { pool } = deps;
  const tenantIds = await ids(pool, 'SELECT id FROM tenants ORDER BY id');
  const subscriptionIds = await ids(
    pool,
    'SELECT id FROM subscriptions WHERE metrics_api_key_configured ORDER BY id',
  );
  const tenantResults = await mapBounded(tenantIds, concurrency, (id) =>
    deps.tenants.resealCredentials(id, options),
  );
  const subscriptionResults = await mapBounded(subscriptionIds, concurrency, (id) =>
    deps.subscriptions.resealMetricsApiKey(id, options),
  );
  return {
    tenantsChecked: tenantIds.length,
    tenantsResealed: tenantResults.filter((result) => result !== null).length,
    subscriptionsChecked: subscriptionIds.length,
    subscriptionsResealed: subscriptionResults.filter((result) => result !== null).length,
  };
}

async function ids(pool: pg.Pool, sql: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(sql);
  return rows.map((row) => row.id);
}
