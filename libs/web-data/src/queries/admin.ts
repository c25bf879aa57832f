import type { SystemHealthEntry } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { queryKeys } from '../query-keys.js';
import { adminReadError } from './admin-read-errors.js';

/** GET /api/admin/health: `[{name, status, latencyMs, checkedAt, details}]` (ARCHITECTURE.md "Decisions"). */
export function adminHealthQuery() {
  return queryOptions({
    queryKey: queryKeys.adminHealth,
    queryFn: () => readJson<SystemHealthEntry[]>('/api/admin/health', { errorMessage: adminReadError }),
  });
}

export function useAdminHealth() {
  return useQuery(adminHealthQuery());
}
