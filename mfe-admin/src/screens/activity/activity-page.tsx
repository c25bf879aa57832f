import type { AuditEntry } from '@app/contracts';
import { PagedList, SectionCard } from '@app/ui';
import { adminAuditExportAddress, useAdminAudit } from '@app/web-data';
import { ExportCsvLink } from '../../components/export-csv-link.js';
import { ActivityFilters } from './activity-filters.js';
import { AuditRow } from './audit-row.js';
import { useFilterAddress } from './use-filter-address.js';

/**
 * The admin's Activity screen (issue 21): the audit trail of every change on the platform, newest first, a page at
 * a time and virtualised; its filters live in the address, so a filtered view can be bookmarked, shared and
 * linked to from the details screens, and Export CSV downloads exactly the filtered view, streamed by the server.
 */
export function ActivityPage() {
  const { filters, applyFilters: onFilter } = useFilterAddress();
  const entries = useAdminAudit(filters);
  const loaded: readonly AuditEntry[] = entries.data ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-foreground">Activity</h1>
          <p className="text-muted-foreground">Who changed what, and when, across the platform.</p>
        </div>
        <ExportCsvLink href={adminAuditExportAddress(filters)} />
      </header>
      <SectionCard title="Filters">
        <ActivityFilters filters={filters} entries={loaded} onChange={onFilter} />
      </SectionCard>
      <SectionCard title="Entries">
        <PagedList
          read={entries}
          label="Activity"
          loadingLabel="Loading activity..."
          emptyText={filtered ? 'No activity matches these filters' : 'No activity yet'}
          getKey={(entry) => entry.id}
          estimateSize={132}
        >
          {(entry) => <AuditRow entry={entry} onFilter={onFilter} />}
        </PagedList>
      </SectionCard>
    </div>
  );
}
