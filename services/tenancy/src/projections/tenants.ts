import { providerGroups, type ProviderGroup } from '@app/contracts';
import { tenantEventTypes } from '../domain/tenant/events.js';
import { batchProjection, foldedTable, type RecordedEvent, type RowFold } from '@app/eventing';
import { tenants } from '../application/tenants.js';
import {
  copySubscriptionOwners,
  recountSubscriptionCounts,
  recountTotalSpent,
  takeTenantFigures,
} from './tenant-figures.js';

/** A column value of a tenants row this projection owns. */
type TenantValue = string | number | boolean | null;
type TenantRow = Record<string, TenantValue> & { id: string };

/** snake_case column prefix of a provider group, e.g. `dns_server`. */
export const groupColumn = (group: ProviderGroup): string =>
  group.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const providerColumns = (group: ProviderGroup) => {
  const column = groupColumn(group);
  return { url: `${column}_url`, username: `${column}_username`, passwordSet: `${column}_password_set` };
};

/** Every provider group without credentials, as a tenant starts. */
const clearedProviders: Record<string, TenantValue> = Object.fromEntries(
  providerGroups.flatMap((group) => {
    const { url, username, passwordSet } = providerColumns(group);
    return [
      [url, null],
      [username, null],
      [passwordSet, false],
    ];
  }),
);

/** The columns this projection owns; the counters belong to the subscription projection and billing's invoices. */
const tenantTable = foldedTable<TenantRow>({
  table: 'tenants',
  key: ['id'],
  columns: [
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
  ],
});

/**
 * The `tenants` read model (migrations/001_tenants.sql). It never holds a password, sealed or not: only
 * whether each group has one. Its reset keeps the rows, because their subscription counters belong to the
 * subscription projection; replaying TenantCreated rewrites every column this projection owns. The dashboards'
 * totals follow the rows by trigger, and a reset counts them afresh (migrations/107 and 109). A batch is folded
 * in memory and written together (@app/eventing foldedTable), so a rebuild costs round trips per batch, not per
 * event.
 */
export const tenantsProjection = batchProjection({
  name: 'tenancy.tenants.v1',
  eventTypes: tenantEventTypes,
  async applyBatch(events, tx) {
    const folds = events.map(tenantFold);
    await takeTenantFigures(tx);
    await tenantTable.apply(tx, folds);
    // A row made (or made again by a replay) takes the figures its subscriptions and paid invoices already have
    // (tenant-figures.ts).
    const created = [...new Set(folds.flatMap((fold) => (fold.creates ? [fold.key.id] : [])))];
    await recountSubscriptionCounts(tx, created);
    await recountTotalSpent(tx, created);
    await copySubscriptionOwners(tx, created);
  },
  async reset(tx) {
    await tx.query('SELECT tenant_totals_recount()');
  },
});

/** One event's fold of its tenant's row; `creates` when it makes the row, over a row a reset kept too. */
function tenantFold(recorded: RecordedEvent): RowFold<TenantRow> & { key: { id: string }; creates: boolean } {
  const event = tenants.decode(recorded);
  const { revision } = recorded;
  const key = { id: event.data.tenantId };
  const change = (at: string, columns: Record<string, TenantValue>) => ({
    key,
    creates: false,
    fold: (row: TenantRow | undefined) => row && { ...row, ...columns, revision, updated_at: at },
  });
  switch (event.type) {
    case 'TenantCreated': {
      const { tenantId, name, slug, ownerId, status, domainUrl, createdAt } = event.data;
      const created: TenantRow = {
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
      };
      return { key, creates: true, fold: () => created };
    }
    case 'TenantRenamed':
      return change(event.data.renamedAt, { name: event.data.name });
    case 'TenantStatusChanged':
      return change(event.data.changedAt, { status: event.data.status });
    case 'TenantDomainChanged':
      return change(event.data.changedAt, { domain_url: event.data.domainUrl });
    case 'ProviderCredentialsChanged': {
      const { group, url, username, password, changedAt } = event.data;
      const columns = providerColumns(group);
      return change(changedAt, {
        [columns.url]: url,
        [columns.username]: username,
        [columns.passwordSet]: password !== null,
      });
    }
    case 'CredentialRevealed':
      // An audit fact: nothing shown changes, but the row's revision is the stream's, the tenant's ETag.
      return { key, creates: false, fold: (row) => row && { ...row, revision } };
  }
}
