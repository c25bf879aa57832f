import type { Subscription, SystemHealthEntry, Tenant, User } from '@app/contracts';
import { queryOptions, skipToken, useQuery } from '@app/query';
import { ApiError } from '../api-error.js';
import { readJson, type ErrorMessage } from '../http.js';
import { queryKeys, segment } from '../query-keys.js';

/** SPEC.md §8: admin page requests fail with "HTTP error! status: {code}"; the tenant read has its own. */
const adminReadError: ErrorMessage = ({ status }) => `HTTP error! status: ${status}`;
const tenantReadError: ErrorMessage = () => 'Failed to fetch tenant';

export function adminUsersQuery() {
  return queryOptions({
    queryKey: queryKeys.adminUsers,
    queryFn: () => readJson<User[]>('/api/admin/users', { errorMessage: adminReadError }),
  });
}

/** GET /api/admin/users/{ownerId}: only when the tenant has an owner (SPEC.md §7), so the id may be missing. */
export function adminUserQuery(id: string | null | undefined) {
  return queryOptions({
    queryKey: queryKeys.adminUser(id ?? ''),
    queryFn: id
      ? () => readJson<User>(`/api/admin/users/${segment(id)}`, { errorMessage: adminReadError })
      : skipToken,
  });
}

export function adminTenantsQuery() {
  return queryOptions({
    queryKey: queryKeys.adminTenants,
    queryFn: () => readJson<Tenant[]>('/api/admin/tenants', { errorMessage: adminReadError }),
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
 * A tenant's subscriptions, read when its row is expanded. SPEC.md §7: "a failed response is treated as empty",
 * so an error answer gives an empty list; a network failure still fails the query.
 */
export function adminTenantSubscriptionsQuery(tenantId: string) {
  return queryOptions({
    queryKey: queryKeys.adminTenantSubscriptions(tenantId),
    queryFn: async () => {
      try {
        return await readJson<Subscription[]>(`/api/admin/tenants/${segment(tenantId)}/subscriptions`);
      } catch (error) {
        if (error instanceof ApiError) return [];
        throw error;
      }
    },
  });
}

export function adminProductSubscriptionsQuery(productId: string) {
  return queryOptions({
    queryKey: queryKeys.adminProductSubscriptions(productId),
    queryFn: () =>
      readJson<Subscription[]>(`/api/admin/products/${segment(productId)}/subscriptions`, {
        errorMessage: adminReadError,
      }),
  });
}

/** GET /api/admin/health: `[{name, status, latencyMs, checkedAt, details}]` (ARCHITECTURE.md "Decisions"). */
export function adminHealthQuery() {
  return queryOptions({
    queryKey: queryKeys.adminHealth,
    queryFn: () => readJson<SystemHealthEntry[]>('/api/admin/health', { errorMessage: adminReadError }),
  });
}

export function useAdminUsers() {
  return useQuery(adminUsersQuery());
}

export function useAdminUser(id: string | null | undefined) {
  return useQuery(adminUserQuery(id));
}

export function useAdminTenants() {
  return useQuery(adminTenantsQuery());
}

export function useAdminTenant(id: string) {
  return useQuery(adminTenantQuery(id));
}

/** `enabled` lets a collapsed row hold the hook without fetching until it is expanded. */
export function useAdminTenantSubscriptions(
  tenantId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...adminTenantSubscriptionsQuery(tenantId), enabled });
}

export function useAdminProductSubscriptions(productId: string) {
  return useQuery(adminProductSubscriptionsQuery(productId));
}

export function useAdminHealth() {
  return useQuery(adminHealthQuery());
}
