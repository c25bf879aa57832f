import { PagedList } from '@app/ui';
import {
  adminProductSubscriptionExportAddress,
  useAdminProductSubscriptionList,
  useAdminProductSubscriptionSummary,
} from '@app/web-data';
import { ExportCsvLink } from '../../components/export-csv-link.js';
import { DomainLink } from '../../components/domain-link.js';
import { ListCard } from '../../components/list-card.js';
import { TextLink } from '../../components/text-link.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';

/**
 * SPEC.md §2 "Product details", Active Subscriptions (n): who uses this product, with a link to each tenant. The
 * live subscriptions (any status but cancelled: trial and suspended ones still hold the product) are listed a
 * page at a time, and n is the server's count of them, not the length of what is loaded.
 */
export function ProductSubscriptionsCard({ productId }: { productId: string }) {
  const summary = useAdminProductSubscriptionSummary(productId);
  const subscriptions = useAdminProductSubscriptionList(productId, { live: true });
  const live = summary.data?.liveSubscriptions;
  return (
    <ListCard
      title={live === undefined ? 'Active Subscriptions' : `Active Subscriptions (${live})`}
      action={<ExportCsvLink href={adminProductSubscriptionExportAddress(productId, { live: true })} />}
    >
      <PagedList
        read={subscriptions}
        label="Active subscriptions"
        loadingLabel="Loading subscriptions..."
        loadingRows={2}
        emptyText="No active subscriptions for this product."
        getKey={(subscription) => subscription.id}
        estimateSize={76}
      >
        {(subscription) => (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
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
          </div>
        )}
      </PagedList>
    </ListCard>
  );
}
