import { useAdminTenantSubscriptions } from '@app/web-data';
import { ExternalLink } from 'lucide-react';
import { Link } from '@app/routing';
import { ListError, ListLoading } from '@app/ui';
import { StatusBadge } from './subscription-status-badge.js';

/**
 * An expanded tenant row (SPEC.md §2 "Admin Dashboard"): its subscriptions, read only while expanded. SPEC.md
 * §7 treats a failed answer as empty, so an error here is a network failure.
 */
export function TenantSubscriptions({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const subscriptions = useAdminTenantSubscriptions(tenantId);
  if (subscriptions.isPending) return <ListLoading label="Loading subscriptions..." rows={1} />;
  if (subscriptions.isError) return <ListError error={subscriptions.error} />;
  if (subscriptions.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No active subscriptions</p>;
  }
  return (
    <ul aria-label={`Subscriptions of ${tenantName}`} className="grid gap-2">
      {subscriptions.data.map((subscription) => (
        <li
          key={subscription.id}
          className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/40 px-3 py-2"
        >
          <span
            aria-hidden
            className="size-3 shrink-0 rounded-full"
            style={{ backgroundColor: subscription.product.color }}
          />
          <span className="font-medium">{subscription.product.name}</span>
          <StatusBadge status={subscription.status} />
          {subscription.domainUrl ? (
            <a
              href={subscription.domainUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
            >
              {subscription.domainUrl}
              <ExternalLink className="size-3" aria-hidden />
            </a>
          ) : null}
          <Link
            to={`/tenant-monitoring/${encodeURIComponent(tenantId)}?subscription=${encodeURIComponent(subscription.id)}`}
            aria-label={`Monitor ${subscription.product.name} for ${tenantName}`}
            className="ml-auto text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Monitor
          </Link>
        </li>
      ))}
    </ul>
  );
}
