import type { Tenant } from '@app/contracts';
import { PagedList } from '@app/ui';
import type { PagedListResult } from '@app/web-data';
import type { ComponentProps, ReactNode } from 'react';
import { ListCard } from './list-card.js';
import { TenantRow } from './tenant-row.js';

interface TenantsCardProps {
  tenants: PagedListResult<Tenant>;
  /** The first page only, in the order the API lists them (the Admin Dashboard's first 10). */
  firstPageOnly?: boolean;
  /** A search box above the list (the Admin Portal's). */
  search?: ReactNode;
  /** What the list says when it is empty. */
  emptyText?: string;
  monitorPath: ComponentProps<typeof TenantRow>['monitorPath'];
  /** Beside the title (the Admin Portal's Export CSV). */
  action?: ReactNode;
}

/** The Tenants tab of both admin pages: the tenants read, each expandable to its subscriptions. */
export function TenantsCard({
  tenants,
  firstPageOnly,
  search,
  emptyText = 'No tenants yet',
  monitorPath,
  action,
}: TenantsCardProps) {
  return (
    <ListCard title="Tenants" action={action}>
      <div className="grid gap-4">
        {search}
        <PagedList
          read={tenants}
          label="Tenants"
          loadingLabel="Loading tenants..."
          emptyText={emptyText}
          getKey={(tenant) => tenant.id}
          estimateSize={76}
          firstPageOnly={firstPageOnly}
        >
          {(tenant) => <TenantRow tenant={tenant} monitorPath={monitorPath} />}
        </PagedList>
      </div>
    </ListCard>
  );
}
