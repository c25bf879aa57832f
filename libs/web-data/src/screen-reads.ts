import type { CurrentUser } from '@app/contracts';
import type { QueryClient } from '@app/query';
import { invoicesQuery, subscriptionsQuery, usageQuery } from './queries/customer.js';
import { adminProductSummaryQuery } from './queries/admin-products.js';
import { adminTenantListQuery, adminTenantSummaryQuery } from './queries/admin-tenants.js';
import { adminUserListQuery, adminUserSummaryQuery } from './queries/admin-users.js';
import { productListQuery } from './queries/catalog.js';

/** SPEC.md §9: the Admin Dashboard lists the first 10 tenants. */
export const dashboardTenantLimit = 10;

interface ScreenReads {
  /** Whose data it is: a customer's own reads need a session, the admin's an admin (the others answer 401/403). */
  for: 'signed-in' | 'admin';
  start(client: QueryClient): Promise<unknown>[];
}

/**
 * What a remote's screen reads as it opens, with the very options its hooks use, so the shell can start them at
 * route match, beside the screen's code, instead of after the screen has mounted (issue 22: the data was the
 * last of six round trips). A screen left out here simply reads as it mounts.
 */
const screenReads: Record<string, ScreenReads> = {
  dashboard: {
    for: 'signed-in',
    start: (client) => [
      client.prefetchQuery(subscriptionsQuery()),
      client.prefetchQuery(invoicesQuery()),
      client.prefetchQuery(usageQuery()),
    ],
  },
  'admin-dashboard': {
    for: 'admin',
    start: (client) => [
      client.prefetchQuery(adminTenantSummaryQuery()),
      client.prefetchQuery(adminProductSummaryQuery()),
      client.prefetchInfiniteQuery(adminTenantListQuery({ limit: dashboardTenantLimit })),
      client.prefetchInfiniteQuery(productListQuery()),
    ],
  },
  // The Admin Portal opens on its Users tab.
  'admin-portal': {
    for: 'admin',
    start: (client) => [
      client.prefetchQuery(adminUserSummaryQuery()),
      client.prefetchQuery(adminTenantSummaryQuery()),
      client.prefetchQuery(adminProductSummaryQuery()),
      client.prefetchInfiniteQuery(adminUserListQuery()),
    ],
  },
};

/**
 * Starts the first reads of `screen` for `user`, when the user may read them, settling once they have; a read
 * already cached or in flight is not asked again (the reads are never stale, SPEC.md §7). Failures stay in the
 * cache for the screen to show, as its own read would have (prefetching never rejects).
 */
export async function prefetchScreenReads(
  client: QueryClient,
  screen: string,
  user: CurrentUser | null,
): Promise<void> {
  const reads = screenReads[screen];
  if (!reads || user === null) return;
  if (reads.for === 'admin' && user.role !== 'admin') return;
  await Promise.all(reads.start(client));
}
