import { Card, CardContent, CardHeader, CardTitle, ListError, ListLoading } from '@app/ui';
import { useAdminProductSubscriptions } from '@app/web-data';
import { ExternalLink } from 'lucide-react';
import { Link } from '@app/routing';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';
import { liveSubscriptions } from './product-edit.js';

/** SPEC.md §2 "Product details", Active Subscriptions (n): who uses this product, with a link to each tenant. */
export function ProductSubscriptionsCard({ productId }: { productId: string }) {
  const subscriptions = useAdminProductSubscriptions(productId);
  const live = subscriptions.data ? liveSubscriptions(subscriptions.data) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{live ? `Active Subscriptions (${live.length})` : 'Active Subscriptions'}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {subscriptions.isPending ? (
          <ListLoading label="Loading subscriptions..." rows={2} />
        ) : subscriptions.isError ? (
          <ListError error={subscriptions.error} />
        ) : !live || live.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active subscriptions for this product.</p>
        ) : (
          <ul aria-label="Active subscriptions" className="grid gap-3">
            {live.map((subscription) => (
              <li
                key={subscription.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4"
              >
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{subscription.tenant.name}</h3>
                  {subscription.domainUrl ? (
                    <a
                      href={subscription.domainUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-sm break-all text-primary underline-offset-4 hover:underline"
                    >
                      {subscription.domainUrl}
                      <ExternalLink className="size-3" aria-hidden />
                    </a>
                  ) : null}
                </div>
                <StatusBadge status={subscription.status} />
                <Link
                  to={`/tenant-details/${encodeURIComponent(subscription.tenantId)}`}
                  aria-label={`View Tenant ${subscription.tenant.name}`}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  View Tenant
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
