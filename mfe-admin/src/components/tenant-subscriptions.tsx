import type { Subscription } from '@app/contracts';
import { LoadMoreButton } from '@app/ui';
import { useAdminTenantSubscriptionList } from '@app/web-data';
import { StatusBadge } from '../screens/admin-dashboard/subscription-status-badge.js';
import { DomainLink } from './domain-link.js';
import { QueryList } from './query-list.js';
import { TextLink } from './text-link.js';

interface TenantSubscriptionsProps {
  tenantId: string;
  tenantName: string;
  /** Where each subscription's Monitor link leads: the Dashboard and the Portal differ (SPEC.md §2). */
  monitorPath: (tenantId: string, subscription: Subscription) => string;
}

/**
 * An expanded tenant row: its subscriptions, read only while expanded, a page at a time. SPEC.md §7 treats a
 * failed answer as empty, so an error here is a network failure.
 */
export function TenantSubscriptions({ tenantId, tenantName, monitorPath }: TenantSubscriptionsProps) {
  const subscriptions = useAdminTenantSubscriptionList(tenantId);
  return (
    <div className="grid gap-2">
      <QueryList
        query={subscriptions}
        items={subscriptions.data}
        label={`Subscriptions of ${tenantName}`}
        loadingLabel="Loading subscriptions..."
        loadingRows={1}
        emptyText="No active subscriptions"
        className="grid gap-2"
      >
        {(subscription) => (
          <li className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/40 px-3 py-2">
            <span
              aria-hidden
              className="size-3 shrink-0 rounded-full"
              style={{ backgroundColor: subscription.product.color }}
            />
            <span className="font-medium">{subscription.product.name}</span>
            <StatusBadge status={subscription.status} />
            {subscription.domainUrl ? <DomainLink url={subscription.domainUrl} className="text-sm" /> : null}
            <TextLink
              to={monitorPath(tenantId, subscription)}
              aria-label={`Monitor ${subscription.product.name} for ${tenantName}`}
              className="ml-auto"
            >
              Monitor
            </TextLink>
          </li>
        )}
      </QueryList>
      <LoadMoreButton read={subscriptions} />
    </div>
  );
}
