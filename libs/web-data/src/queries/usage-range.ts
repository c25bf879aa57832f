import type { UsageRecord } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { listAddress, readAllPages } from '../paging/page.js';
import { queryKeys } from '../query-keys.js';
import { allPagesLimit } from './all-pages.js';
import { useCurrentUser } from './auth.js';

/** Whole UTC days written YYYY-MM-DD, both included (libs/contracts billing/usage-api.ts). */
export interface UsageRange {
  from: string;
  to: string;
}

/**
 * GET /api/usage?from&to: the signed-in customer's usage records over a range of UTC days, one per metric and day
 * with any use. Keyed under the plain usage read, so invalidating usage refreshes every range too. Analytics
 * totals the range, so every page is read (bounded by one customer's records: one per metric and day).
 */
export function usageRangeQuery({ from, to }: UsageRange) {
  return queryOptions({
    queryKey: queryKeys.usageRange(from, to),
    queryFn: () => readAllPages<UsageRecord>(listAddress('/api/usage', { from, to, limit: allPagesLimit })),
  });
}

export function useUsageRange(range: UsageRange) {
  const { isAuthenticated } = useCurrentUser();
  return useQuery({ ...usageRangeQuery(range), enabled: isAuthenticated });
}
