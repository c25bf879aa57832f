import type { Subscription } from '@app/contracts';

/** SPEC.md §2: the Admin Portal's Monitor link opens analytics for the tenant and product. */
export function monitorPath(tenantId: string, subscription: Pick<Subscription, 'productId'>): string {
  const query = new URLSearchParams({ tenant: tenantId, product: subscription.productId });
  return `/analytics?${query.toString()}`;
}
