import type { Tenant } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import type { ComponentProps } from 'react';
import { ListCard } from './list-card.js';
import { QueryList } from './query-list.js';
import { TenantRow } from './tenant-row.js';

interface TenantsCardProps {
  tenants: UseQueryResult<Tenant[]>;
  /** Shows only the first tenants, in the order the API lists them. */
  limit?: number;
  monitorPath: ComponentProps<typeof TenantRow>['monitorPath'];
}

/** The Tenants tab of both admin pages: the tenants given, each expandable to its subscriptions. */
export function TenantsCard({ tenants, limit, monitorPath }: TenantsCardProps) {
  return (
    <ListCard title="Tenants">
      <QueryList
        query={tenants}
        items={tenants.data?.slice(0, limit)}
        label="Tenants"
        loadingLabel="Loading tenants..."
        emptyText="No tenants yet"
      >
        {(tenant) => <TenantRow tenant={tenant} monitorPath={monitorPath} />}
      </QueryList>
    </ListCard>
  );
}
