import { providerGroups, type ProviderGroup } from '@app/contracts';
import { tenantEventTypes } from '../domain/tenant/events.js';
import { batchProjection, type RecordedEvent } from '@app/eventing';
import { tenants } from '../application/tenants.js';
import { recountSubscriptionCounts, recountTotalSpent, takeTenantFigures } from './tenant-figures.js';
import { foldedRows, type FoldedBatch, type RowColumns } from './folded-rows.js';

/** snake_case column prefix of a provider group, e.g. `dns_server`. */
export const groupColumn = (group: ProviderGroup): string =>
  group.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const providerColumns = (group: ProviderGroup) => {
  const column = groupColumn(group);
  return { url: `${column}_url`, username: `${column}_username`, passwordSet: `${column}_password_set` };
};

/** Every provider group without credentials, as a tenant starts. */
const clearedProviders: RowColumns = Object.fromEntries(
  providerGroups.flatMap((group) => {
    const { url, username, passwordSet } = providerColumns(group);
    return [
      [url, null],
      [username, null],
      [passwordSet, false],
    ];
  }),
);

type TenantRow = RowColumns & { id: string };

/** The columns this projection owns; the counters belong to the subscription projection and billing's invoices. */
const tenantRows = foldedRows<TenantRow>('tenants', [
  'id',
  'name',
  'slug',
  'status',
  'owner_id',
  'domain_url',
  ...Object.keys(clearedProviders),
  'revision',
  'created_at',
  'updated_at',
]);

/**
 * The `tenants` read model (migrations/001_tenants.sql). It never holds a password, sealed or not: only
 * whether each group has one. Its reset keeps the rows, because their subscription counters belong to the
 * subscription projection; replaying TenantCreated rewrites every column this projection owns. The dashboards'
 * totals follow the rows by trigger, and a reset counts them afresh (migrations/107 and 109). A batch is folded
 * and written in two statements (folded-rows.ts), so a rebuild costs round trips per batch, not per event.
 */
export const tenantsProjection = batchProjection({
  name: 'tenancy.tenants.v1',
  eventTypes: tenantEventTypes,
  async applyBatch(events, tx) {
    const rows = tenantRows.batch();
    for (const event of events) foldTenantEvent(event, rows);
    await takeTenantFigures(tx);
    await rows.write(tx);
    // A new row takes the figures its subscriptions and paid invoices already have (tenant-figures.ts).
    await recountSubscriptionCounts(tx, rows.createdIds());
    await recountTotalSpent(tx, rows.createdIds());
  },
  async reset(tx) {
    await tx.query('UPDATE tenants SET revision = -1');
    await tx.query('SELECT tenant_totals_recount()');
  },
});

function foldTenantEvent(recorded: RecordedEvent, rows: FoldedBatch<TenantRow>): void {
  const event = tenants.decode(recorded);
  const { revision } = recorded;
  const change = (at: string, columns: RowColumns) =>
    rows.change(event.data.tenantId, { ...columns, revision, updated_at: at });
  switch (event.type) {
    case 'TenantCreated': {
      const { tenantId, name, slug, ownerId, status, domainUrl, createdAt } = event.data;
      rows.create({
        ...clearedProviders,
        id: tenantId,
        name,
        slug,
        status,
        owner_id: ownerId,
        domain_url: domainUrl,
        revision,
        created_at: createdAt,
        updated_at: createdAt,
      });
      break;
    }
    case 'TenantRenamed':
      change(event.data.renamedAt, { name: event.data.name });
      break;
    case 'TenantStatusChanged':
      change(event.data.changedAt, { status: event.data.status });
      break;
    case 'TenantDomainChanged':
      change(event.data.changedAt, { domain_url: event.data.domainUrl });
      break;
    case 'ProviderCredentialsChanged': {
      const { group, url, username, password, changedAt } = event.data;
      const columns = providerColumns(group);
      change(changedAt, {
        [columns.url]: url,
        [columns.username]: username,
        [columns.passwordSet]: password !== null,
      });
      break;
    }
    case 'CredentialRevealed':
      // An audit fact: nothing shown changes, but the row's revision is the stream's, the tenant's ETag.
      rows.change(event.data.tenantId, { revision });
      break;
  }
}
