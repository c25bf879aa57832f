import type { Tenant } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { ListRow } from '@app/ui';
import { ListCard } from '../../components/list-card.js';
import { QueryList } from '../../components/query-list.js';
import { TextLink } from '../../components/text-link.js';
import { tenantDisplayName } from '../admin-dashboard/figures.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';

function OwnedTenantRow({ tenant }: { tenant: Tenant }) {
  const name = tenantDisplayName(tenant);
  return (
    <ListRow heading={name} detail={`${tenant.subscriptionCount} subscriptions`}>
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

/** SPEC.md §2 "User details", Owned Tenants: a missing status reads as active. */
export function OwnedTenantsCard({
  tenants,
  owned,
}: {
  tenants: UseQueryResult<Tenant[]>;
  owned: readonly Tenant[] | undefined;
}) {
  return (
    <ListCard title="Owned Tenants">
      <QueryList
        query={tenants}
        items={owned}
        label="Owned tenants"
        loadingLabel="Loading tenants..."
        loadingRows={2}
        emptyText="This user doesn't own any tenants yet."
      >
        {(tenant) => <OwnedTenantRow tenant={tenant} />}
      </QueryList>
    </ListCard>
  );
}
