import type pg from 'pg';
import { providerGroups, type ProviderGroup } from '@app/contracts';
import { tenantEventTypes } from '../domain/tenant/events.js';
import type { Projection, RecordedEvent } from '@app/eventing';
import { tenants } from '../application/tenants.js';

/**
 * The `tenants` read model (migrations/001_tenants.sql). It never holds a password, sealed or not: only
 * whether each group has one. Its reset keeps the rows, because their subscription counters belong to the
 * subscription projection; replaying TenantCreated rewrites every column this projection owns. The dashboards'
 * totals follow the rows by trigger, and a reset counts them afresh (migrations/107 and 109).
 */
export const tenantsProjection: Projection = {
  name: 'tenancy.tenants.v1',
  eventTypes: tenantEventTypes,
  apply: (event, tx) => applyTenantEvent(event, tx),
  async reset(tx) {
    await tx.query('UPDATE tenants SET revision = -1');
    await tx.query('SELECT tenant_totals_recount()');
  },
};

/** snake_case column prefix of a provider group, e.g. `dns_server`. */
export const groupColumn = (group: ProviderGroup): string =>
  group.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const clearedProviders = providerGroups
  .map((group) => {
    const column = groupColumn(group);
    return `${column}_url = NULL, ${column}_username = NULL, ${column}_password_set = false`;
  })
  .join(', ');

async function applyTenantEvent(recorded: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  const event = tenants.decode(recorded);
  const { revision } = recorded;
  const update = async (assignments: string, values: unknown[], at: string) => {
    const last = values.length + 2;
    await tx.query(
      `UPDATE tenants SET ${assignments}${assignments ? ', ' : ''}revision = $${last}, updated_at = $${last + 1}
       WHERE id = $1`,
      [event.data.tenantId, ...values, revision, at],
    );
  };
  switch (event.type) {
    case 'TenantCreated': {
      const { tenantId, name, slug, ownerId, status, domainUrl, createdAt } = event.data;
      await tx.query(
        `INSERT INTO tenants (id, name, slug, status, owner_id, domain_url, revision, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (id) DO UPDATE SET name = $2, slug = $3, status = $4, owner_id = $5, domain_url = $6,
           revision = $7, created_at = $8, updated_at = $8, ${clearedProviders}`,
        [tenantId, name, slug, status, ownerId, domainUrl, revision, createdAt],
      );
      break;
    }
    case 'TenantRenamed':
      await update('name = $2', [event.data.name], event.data.renamedAt);
      break;
    case 'TenantStatusChanged':
      await update('status = $2', [event.data.status], event.data.changedAt);
      break;
    case 'TenantDomainChanged':
      await update('domain_url = $2', [event.data.domainUrl], event.data.changedAt);
      break;
    case 'ProviderCredentialsChanged': {
      const { group, url, username, password, changedAt } = event.data;
      const column = groupColumn(group);
      await update(
        `${column}_url = $2, ${column}_username = $3, ${column}_password_set = $4`,
        [url, username, password !== null],
        changedAt,
      );
      break;
    }
    case 'CredentialRevealed':
      // An audit fact: nothing shown changes, but the row's revision is the stream's, the tenant's ETag.
      await tx.query('UPDATE tenants SET revision = $2 WHERE id = $1', [event.data.tenantId, revision]);
      break;
  }
}
