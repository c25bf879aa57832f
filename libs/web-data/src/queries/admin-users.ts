import type { User, UserRole, UserSummary } from '@app/contracts';
import { queryOptions, skipToken, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { listAddress } from '../paging/page.js';
import { pagedQuery, usePagedList } from '../paging/paged-query.js';
import { queryKeys, segment } from '../query-keys.js';
import { adminReadError } from './admin-read-errors.js';

/** userListQuerySchema's filters (libs/contracts identity/user.ts); `limit` defaults to 50 there. */
export type UserListFilters = { q?: string; role?: UserRole; limit?: number };

/** GET /api/admin/users, newest first, searched by name or email (`q`) and filtered by role. */
export function adminUserListQuery(filters: UserListFilters = {}) {
  return pagedQuery<User>(queryKeys.adminUserList(filters), listAddress('/api/admin/users', filters), {
    errorMessage: adminReadError,
  });
}

/** GET /api/admin/users/summary: the Admin Portal's Total Users and Admin Users. */
export function adminUserSummaryQuery() {
  return queryOptions({
    queryKey: queryKeys.adminUserSummary,
    queryFn: () => readJson<UserSummary>('/api/admin/users/summary', { errorMessage: adminReadError }),
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

export function useAdminUserList(filters: UserListFilters = {}) {
  return usePagedList(adminUserListQuery(filters));
}

export function useAdminUserSummary() {
  return useQuery(adminUserSummaryQuery());
}

export function useAdminUser(id: string | null | undefined) {
  return useQuery(adminUserQuery(id));
}
