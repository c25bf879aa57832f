import { describe, expect, it } from 'vitest';
import {
  trendPoints,
  trends,
  trendSummary,
  type TrendDefinition,
} from '../../src/screens/tenant-monitoring/trend-summary.js';
import { aMetricsHistoryReply } from '../support/fixtures.js';

const trend = (title: string): TrendDefinition => {
  const found = trends.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no trend ${title}`);
  return found;
};

describe('trend summaries', () => {
  it('charts CPU, memory, response time and error rate', () => {
    expect(trends.map((candidate) => candidate.title)).toEqual([
      'CPU',
      'Memory',
      'Response Time',
      'Error Rate',
    ]);
  });

  it('sums up latest, average and peak, skipping buckets without a value, in the figure formats', () => {
    const { points } = aMetricsHistoryReply('t1', [
      { cpuPercent: 20, errorRatePercent: 0.5 },
      { cpuPercent: null },
      { cpuPercent: 60, errorRatePercent: 1.25 },
      { cpuPercent: 40, responseTimeMs: 180.4 },
    ]);
    expect(trendSummary(points, trend('CPU'))).toBe(
      'CPU: latest 40%, average 40%, peak 60% over the last 24 hours.',
    );
    expect(trendSummary(points, trend('Error Rate'))).toBe(
      'Error Rate: latest 1.25%, average 0.88%, peak 1.25% over the last 24 hours.',
    );
    expect(trendSummary(points, trend('Response Time'))).toBe(
      'Response Time: latest 180 ms, average 180 ms, peak 180 ms over the last 24 hours.',
    );
  });

  it('says when there is no data', () => {
    expect(trendSummary([], trend('Memory'))).toBe('Memory: no data in the last 24 hours.');
    const { points } = aMetricsHistoryReply('t1', [{ cpuPercent: 10 }]);
    expect(trendSummary(points, trend('Memory'))).toBe('Memory: no data in the last 24 hours.');
  });

  it('keeps every bucket in the series, with gaps as null', () => {
    const { points } = aMetricsHistoryReply('t1', [{ memoryPercent: 50 }, { memoryPercent: null }]);
    expect(trendPoints(points, 'memoryPercent').map((point) => point.value)).toEqual([50, null]);
  });
});
