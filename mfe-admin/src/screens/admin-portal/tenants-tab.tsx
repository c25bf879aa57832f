import type { Tenant } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle, ListError, ListLoading } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { PortalTenantRow } from './portal-tenant-row.js';

/** SPEC.md §2 "Admin Portal", Tenants: every tenant, each expandable to its subscriptions. */
export function TenantsTab({ tenants }: { tenants: UseQueryResult<Tenant[]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Tenants</h2>
        </CardTitle>
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
            {tenants.data.map((tenant) => (
              <PortalTenantRow key={tenant.id} tenant={tenant} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
