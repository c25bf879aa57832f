import type { UsageRecord } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { queryKeys } from '../query-keys.js';
import { useCurrentUser } from './auth.js';

/** Whole UTC days written YYYY-MM-DD, both included (libs/contracts billing/usage-api.ts). */
export interface UsageRange {
  from: string;
  to: string;
}

/**
 * GET /api/usage?from&to: the signed-in customer's usage records over a range of UTC days, one per metric and day
 * with any use. Keyed under the plain usage read, so invalidating usage refreshes every range too.
 */
export function usageRangeQuery({ from, to }: UsageRange) {
  const search = new URLSearchParams({ from, to });
  return queryOptions({
    queryKey: queryKeys.usageRange(from, to),
    queryFn: () => readJson<UsageRecord[]>(`/api/usage?${search.toString()}`),
  });
}

export function useUsageRange(range: UsageRange) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...usageRangeQuery(range), enabled: isAuthenticated });
}
