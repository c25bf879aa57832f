import type { ProductSummary, Subscription, SubscriptionSummary } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { listAddress } from '../paging/page.js';
import { pagedQuery, usePagedList } from '../paging/paged-query.js';
import { queryKeys, segment } from '../query-keys.js';
import { adminReadError } from './admin-read-errors.js';
import type { SubscriptionListFilters } from './admin-tenants.js';

/** GET /api/admin/products/summary: the dashboards' Total Products and Active Products. */
export function adminProductSummaryQuery() {
  return queryOptions({
    queryKey: queryKeys.productSummary,
    queryFn: () => readJson<ProductSummary>('/api/admin/products/summary', { errorMessage: adminReadError }),
  });
}

/** GET /api/admin/products/{id}/subscriptions, newest first; product details asks for the live ones. */
export function adminProductSubscriptionListQuery(productId: string, filters: SubscriptionListFilters = {}) {
  return pagedQuery<Subscription>(
    queryKeys.adminProductSubscriptionList(productId, filters),
    listAddress(`/api/admin/products/${segment(productId)}/subscriptions`, filters),
    { errorMessage: adminReadError },
  );
}

/** GET /api/admin/products/{id}/subscriptions/summary: Active Subscriptions (n) counts the live ones. */
export function adminProductSubscriptionSummaryQuery(productId: string) {
  return queryOptions({
    queryKey: queryKeys.adminProductSubscriptionSummary(productId),
    queryFn: () =>
      readJson<SubscriptionSummary>(`/api/admin/products/${segment(productId)}/subscriptions/summary`, {
        errorMessage: adminReadError,
      }),
  });
}

export function useAdminProductSummary() {
  return useQuery(adminProductSummaryQuery());
}

export function useAdminProductSubscriptionList(productId: string, filters: SubscriptionListFilters = {}) {
  return usePagedList(adminProductSubscriptionListQuery(productId, filters));
}

export function useAdminProductSubscriptionSummary(productId: string) {
  return useQuery(adminProductSubscriptionSummaryQuery(productId));
}
