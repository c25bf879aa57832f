import type { RevenueReport } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson } from '../http.js';
import { adminReadError } from './admin-read-errors.js';

const revenuePath = '/api/admin/billing/revenue';

/** GET /api/admin/billing/revenue: the 12 months up to the current one, each month's revenue figures. */
export function adminRevenueQuery() {
  return queryOptions({
    queryKey: [revenuePath] as const,
    queryFn: () => readJson<RevenueReport>(revenuePath, { errorMessage: adminReadError }),
  });
}

export function useAdminRevenue() {
  return useQuery(adminRevenueQuery());
}

/**
 * The CSV of the months a report covers (GET …/revenue/export): a link the browser downloads with the session
 * cookie, as billing streams the file with its own name.
 */
export function adminRevenueExportPath({ from, to }: { from: string; to: string }): string {
  return `${revenuePath}/export?${new URLSearchParams({ from, to }).toString()}`;
}
