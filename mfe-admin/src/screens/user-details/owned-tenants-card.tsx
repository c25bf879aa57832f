import type { Tenant } from '@app/contracts';
import { ListRow, PagedList } from '@app/ui';
import { useAdminTenantList } from '@app/web-data';
import { ListCard } from '../../components/list-card.js';
import { TextLink } from '../../components/text-link.js';
import { tenantDisplayName } from '../admin-dashboard/figures.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';

function OwnedTenantRow({ tenant }: { tenant: Tenant }) {
  const name = tenantDisplayName(tenant);
  return (
    <ListRow as="div" heading={name} detail={`${tenant.subscriptionCount} subscriptions`}>
      <StatusBadge status={tenant.status || 'active'} />
      <TextLink
        to={`/tenant-details/${encodeURIComponent(tenant.id)}`}
        aria-label={`View Details of ${name}`}
      >
        View Details
      </TextLink>
    </ListRow>
  );
}

/**
 * SPEC.md §2 "User details", Owned Tenants: the tenant list filtered by owner on the server, a page at a time; a
 * missing status reads as active.
 */
export function OwnedTenantsCard({ ownerId }: { ownerId: string }) {
  const tenants = useAdminTenantList({ ownerId });
  return (
    <ListCard title="Owned Tenants">
      <PagedList
        read={tenants}
        label="Owned tenants"
        loadingLabel="Loading tenants..."
        loadingRows={2}
        emptyText="This user doesn't own any tenants yet."
        getKey={(tenant) => tenant.id}
        estimateSize={76}
      >
        {(tenant) => <OwnedTenantRow tenant={tenant} />}
      </PagedList>
    </ListCard>
  );
}
