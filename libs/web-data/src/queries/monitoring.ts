import type { TenantMetricsHistoryReply, TenantMetricsReply } from '@app/contracts';
import { queryOptions, useQuery } from '@app/query';
import { readJson, type ErrorMessage } from '../http.js';
import { tenantMetricsRefetchIntervalMs, tenantMetricsStaleTimeMs } from '../query-client.js';
import { queryKeys, segment } from '../query-keys.js';

const metricsReadError: ErrorMessage = ({ status, statusText }) =>
  `Failed to fetch tenant metrics: ${status} ${statusText}`;

/**
 * GET /api/tenant-metrics/{tenantId}, optionally for one subscription (SPEC.md §2 "Tenant monitoring"). The one
 * read that polls: every 5 minutes, stale after 4 (SPEC.md §7, §9).
 */
export function tenantMetricsQuery(tenantId: string, subscriptionId?: string) {
  const query = subscriptionId ? `?subscription=${encodeURIComponent(subscriptionId)}` : '';
  return queryOptions({
    queryKey: queryKeys.tenantMetrics(tenantId, subscriptionId),
    queryFn: () =>
      readJson<TenantMetricsReply>(`/api/tenant-metrics/${segment(tenantId)}${query}`, {
        errorMessage: metricsReadError,
      }),
    refetchInterval: tenantMetricsRefetchIntervalMs,
    staleTime: tenantMetricsStaleTimeMs,
  });
}

export function useTenantMetrics(tenantId: string, subscriptionId?: string) {
  return useQuery(tenantMetricsQuery(tenantId, subscriptionId));
}

/**
 * GET /api/tenant-metrics/{tenantId}/history for the monitoring trend charts: the server's default range, the
 * last 24 hours. It polls with the latest document so the charts and the figures move together.
 */
export function tenantMetricsHistoryQuery(tenantId: string, subscriptionId?: string) {
  const query = subscriptionId ? `?subscription=${encodeURIComponent(subscriptionId)}` : '';
  return queryOptions({
    queryKey: queryKeys.tenantMetricsHistory(tenantId, subscriptionId),
    queryFn: () =>
      readJson<TenantMetricsHistoryReply>(`/api/tenant-metrics/${segment(tenantId)}/history${query}`, {
        errorMessage: metricsReadError,
      }),
    refetchInterval: tenantMetricsRefetchIntervalMs,
    staleTime: tenantMetricsStaleTimeMs,
  });
}

export function useTenantMetricsHistory(tenantId: string, subscriptionId?: string) {
  return useQuery(tenantMetricsHistoryQuery(tenantId, subscriptionId));
}
