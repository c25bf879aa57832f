import type { TenantMetricsDocument } from '@app/contracts';

/** The values kept for every scrape and charted by the history call; null where the app sent no such group. */
export interface MetricSeries {
  cpuPercent: number | null;
  memoryPercent: number | null;
  diskPercent: number | null;
  responseTimeMs: number | null;
  errorRatePercent: number | null;
}

export function seriesOf(document: TenantMetricsDocument): MetricSeries {
  const health = document.system_health;
  const performance = document.performance;
  return {
    cpuPercent: health?.cpu_usage_percent ?? null,
    memoryPercent: health?.memory_usage_percent ?? null,
    diskPercent: health?.disk_usage_percent ?? null,
    responseTimeMs: performance?.average_response_time_ms ?? null,
    errorRatePercent: performance?.error_rate_percent ?? null,
  };
}
