import type {
  Subscription,
  SubscriptionPlan,
  SubscriptionStatus,
  Tenant,
  TenantStatus,
  TenantSummary,
} from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { ApiError } from '../api-error.js';
import { readJson } from '../http.js';
import { listAddress, readAllPages } from '../paging/page.js';
import { pagedQuery, usePagedList } from '../paging/paged-query.js';
import { queryKeys, segment } from '../query-keys.js';
import { adminReadError, tenantReadError } from './admin-read-errors.js';
import { allPagesLimit } from './all-pages.js';

/** tenantListQuerySchema's filters (libs/contracts tenancy/tenant.ts). */
export type TenantListFilters = { q?: string; status?: TenantStatus; ownerId?: string; limit?: number };

/** subscriptionListQuerySchema's filters (libs/contracts tenancy/subscription.ts); `live` leaves out cancelled. */
export type SubscriptionListFilters = {
  status?: SubscriptionStatus;
  plan?: SubscriptionPlan;
  live?: boolean;
  limit?: number;
};

/** GET /api/admin/tenants, newest first: searched by name or slug, filtered by status or owner (user details). */
export function adminTenantListQuery(filters: TenantListFilters = {}) {
  return pagedQuery<Tenant>(queryKeys.adminTenantList(filters), listAddress('/api/admin/tenants', filters), {
    errorMessage: adminReadError,
  });
}

/**
 * GET /api/admin/tenants/summary[?ownerId]: the dashboards' tenant figures and revenue, or one user's (their
 * Owned Tenants and Total Subscriptions), counted by the server instead of from the list.
 */
export function adminTenantSummaryQuery(ownerId?: string) {
  return queryOptions({
    queryKey: queryKeys.adminTenantSummary(ownerId),
    queryFn: () =>
      readJson<TenantSummary>(listAddress('/api/admin/tenants/summary', { ownerId }), {
        errorMessage: adminReadError,
      }),
  });
}

/** Tenant details and tenant monitoring both read this (SPEC.md §7: "error Failed to fetch tenant"). */
export function adminTenantQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminTenant(id),
    queryFn: () => readJson<Tenant>(`/api/admin/tenants/${segment(id)}`, { errorMessage: tenantReadError }),
  });
}

/**
 * A tenant's subscriptions, a page at a time (an expanded tenant row, Tenant details). SPEC.md §7: "a failed
 * response is treated as empty", so an error answer reads as an empty last page; a network failure still fails.
 */
export function adminTenantSubscriptionListQuery(tenantId: string, filters: SubscriptionListFilters = {}) {
  return pagedQuery<Subscription>(
    queryKeys.adminTenantSubscriptionList(tenantId, filters),
    listAddress(`/api/admin/tenants/${segment(tenantId)}/subscriptions`, filters),
    { errorAnswerEndsList: true },
  );
}

/**
 * Every subscription of one tenant, all pages: tenant monitoring shows the monitored one's domain. Bounded by one
 * tenant's subscriptions; a failed answer reads as none (SPEC.md §7).
 */
export function adminTenantSubscriptionsQuery(tenantId: string) {
  return queryOptions({
    queryKey: queryKeys.adminTenantSubscriptions(tenantId),
    queryFn: async () => {
      try {
        return await readAllPages<Subscription>(
          listAddress(`/api/admin/tenants/${segment(tenantId)}/subscriptions`, { limit: allPagesLimit }),
        );
      } catch (error) {
        if (error instanceof ApiError) return [];
        throw error;
      }
    },
  });
}

export function useAdminTenantList(filters: TenantListFilters = {}) {
  return usePagedList(adminTenantListQuery(filters));
}

export function useAdminTenantSummary(ownerId?: string) {
  return useQuery(adminTenantSummaryQuery(ownerId));
}

export function useAdminTenant(id: string) {
  return useQuery(adminTenantQuery(id));
}

/** `enabled` lets a collapsed row hold the hook without reading until it is expanded. */
export function useAdminTenantSubscriptionList(
  tenantId: string,
  filters: SubscriptionListFilters = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return usePagedList(adminTenantSubscriptionListQuery(tenantId, filters), { enabled });
}

export function useAdminTenantSubscriptions(tenantId: string) {
  return useQuery(adminTenantSubscriptionsQuery(tenantId));
}
