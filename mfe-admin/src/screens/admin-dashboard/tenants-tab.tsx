import { Card, CardContent, CardHeader, CardTitle, ListError, ListLoading } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import type { Tenant } from '@app/contracts';
import { dashboardTenantLimit } from './figures.js';
import { TenantRow } from './tenant-row.js';

/** SPEC.md §2 "Admin Dashboard", Tenants: the first 10 tenants in the order the API lists them. */
export function TenantsTab({ tenants }: { tenants: UseQueryResult<Tenant[]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tenants</CardTitle>
      </CardHeader>
      <CardContent>
        {tenants.isPending ? (
          <ListLoading label="Loading tenants..." />
        ) : tenants.isError ? (
          <ListError error={tenants.error} />
        ) : tenants.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tenants yet</p>
        ) : (
          <ul aria-label="Tenants" className="grid gap-3">
            {tenants.data.slice(0, dashboardTenantLimit).map((tenant) => (
              <TenantRow key={tenant.id} tenant={tenant} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
