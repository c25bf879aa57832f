import { SearchBox } from '@app/ui';
import { adminTenantExportAddress, useAdminTenantList } from '@app/web-data';
import { ExportCsvLink } from '../../components/export-csv-link.js';
import { TenantsCard } from '../../components/tenants-card.js';
import { useSearch } from '../../components/use-search.js';
import { monitorPath } from './monitor-path.js';

/**
 * SPEC.md §2 "Admin Portal", Tenants: searched by name or slug on the server, newest first, a page at a time;
 * each expands to its subscriptions with Monitor links to analytics.
 */
export function TenantsTab() {
  const search = useSearch();
  const tenants = useAdminTenantList({ q: search.q });
  return (
    <TenantsCard
      tenants={tenants}
      monitorPath={monitorPath}
      action={<ExportCsvLink href={adminTenantExportAddress({ q: search.q })} />}
      emptyText={search.q ? `No tenants match "${search.q}"` : undefined}
      search={
        <SearchBox
          id="portal-tenant-search"
          label="Search tenants"
          placeholder="Search tenants..."
          value={search.text}
          onChange={search.setText}
        />
      }
    />
  );
}
