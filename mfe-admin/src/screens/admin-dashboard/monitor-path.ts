import type { Subscription } from '@app/contracts';

/** SPEC.md §2: the Admin Dashboard's Monitor link opens the tenant's monitoring on that subscription. */
export function monitorPath(tenantId: string, subscription: Pick<Subscription, 'id'>): string {
  const query = new URLSearchParams({ subscription: subscription.id });
  return `/tenant-monitoring/${encodeURIComponent(tenantId)}?${query.toString()}`;
}
