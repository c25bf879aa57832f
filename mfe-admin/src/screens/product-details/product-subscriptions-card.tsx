import { useAdminProductSubscriptions } from '@app/web-data';
import { DomainLink } from '../../components/domain-link.js';
import { ListCard } from '../../components/list-card.js';
import { QueryList } from '../../components/query-list.js';
import { TextLink } from '../../components/text-link.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';
import { liveSubscriptions } from './product-edit.js';

/** SPEC.md §2 "Product details", Active Subscriptions (n): who uses this product, with a link to each tenant. */
export function ProductSubscriptionsCard({ productId }: { productId: string }) {
  const subscriptions = useAdminProductSubscriptions(productId);
  const live = subscriptions.data ? liveSubscriptions(subscriptions.data) : undefined;
  return (
    <ListCard title={live ? `Active Subscriptions (${live.length})` : 'Active Subscriptions'}>
      <QueryList
        query={subscriptions}
        items={live}
        label="Active subscriptions"
        loadingLabel="Loading subscriptions..."
        loadingRows={2}
        emptyText="No active subscriptions for this product."
      >
        {(subscription) => (
          <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold">{subscription.tenant.name}</h3>
              {subscription.domainUrl ? (
                <DomainLink url={subscription.domainUrl} className="text-sm" />
              ) : null}
            </div>
            <StatusBadge status={subscription.status} />
            <TextLink
              to={`/tenant-details/${encodeURIComponent(subscription.tenantId)}`}
              aria-label={`View Tenant ${subscription.tenant.name}`}
            >
              View Tenant
            </TextLink>
          </li>
        )}
      </QueryList>
    </ListCard>
  );
}
