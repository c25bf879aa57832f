import type { Tenant } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle, ListError, ListLoading } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { tenantDisplayName } from '../admin-dashboard/figures.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';

/** SPEC.md §2 "User details", Owned Tenants: a missing status reads as active. */
export function OwnedTenantsCard({
  tenants,
  owned,
}: {
  tenants: UseQueryResult<Tenant[]>;
  owned: readonly Tenant[] | undefined;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Owned Tenants</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {tenants.isPending ? (
          <ListLoading label="Loading tenants..." rows={2} />
        ) : tenants.isError ? (
          <ListError error={tenants.error} />
        ) : !owned || owned.length === 0 ? (
          <p className="text-sm text-muted-foreground">This user doesn&apos;t own any tenants yet.</p>
        ) : (
          <ul aria-label="Owned tenants" className="grid gap-3">
            {owned.map((tenant) => {
              const name = tenantDisplayName(tenant);
              return (
                <li
                  key={tenant.id}
                  className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4"
                >
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold">{name}</h3>
                    <p className="text-sm text-muted-foreground">{tenant.subscriptionCount} subscriptions</p>
                  </div>
                  <StatusBadge status={tenant.status || 'active'} />
                  <Link
                    to={`/tenant-details/${encodeURIComponent(tenant.id)}`}
                    aria-label={`View Details of ${name}`}
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    View Details
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
