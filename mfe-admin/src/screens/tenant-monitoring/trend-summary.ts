import type { TenantMetricsHistoryReply } from '@app/contracts';
import { formatErrorRate, formatMilliseconds, formatPercent } from './format.js';

type HistoryPoint = TenantMetricsHistoryReply['points'][number];
export type TrendKey = 'cpuPercent' | 'memoryPercent' | 'responseTimeMs' | 'errorRatePercent';

export interface TrendDefinition {
  key: TrendKey;
  title: string;
  format: (value: number) => string;
}

/** The four trends charted under the figures, each in the same format as its figure. */
export const trends: readonly TrendDefinition[] = [
  { key: 'cpuPercent', title: 'CPU', format: formatPercent },
  { key: 'memoryPercent', title: 'Memory', format: formatPercent },
  { key: 'responseTimeMs', title: 'Response Time', format: formatMilliseconds },
  { key: 'errorRatePercent', title: 'Error Rate', format: formatErrorRate },
];

export interface TrendPoint {
  at: string;
  value: number | null;
}

/** The chart's series: every bucket, null where no good scrape had the value (the line shows a gap). */
export function trendPoints(points: readonly HistoryPoint[], key: TrendKey): TrendPoint[] {
  return points.map((point) => ({ at: point.at, value: point[key] }));
}

/**
 * The text a screen reader (and anyone who cannot read the line) gets for a chart: latest, average and peak over
 * the buckets that have a value.
 */
export function trendSummary(points: readonly HistoryPoint[], trend: TrendDefinition): string {
  const values = points.map((point) => point[trend.key]).filter((value): value is number => value !== null);
  const latest = values.at(-1);
  if (latest === undefined) return `${trend.title}: no data in the last 24 hours.`;
  const average = values.reduce((sum, value) => sum + value, 0) / values.length;
  const peak = Math.max(...values);
  return `${trend.title}: latest ${trend.format(latest)}, average ${trend.format(average)}, peak ${trend.format(peak)} over the last 24 hours.`;
}
