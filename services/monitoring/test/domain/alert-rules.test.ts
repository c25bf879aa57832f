import { describe, expect, it } from 'vitest';
import { decideAlerts, type AlertKind } from '../../src/domain/alerts/alert-rules.js';
import type { MetricSeries } from '../../src/domain/scrape/metric-series.js';

const calm: MetricSeries = {
  cpuPercent: 40,
  memoryPercent: 50,
  diskPercent: 60,
  responseTimeMs: 120,
  errorRatePercent: 0.5,
};
const none = new Set<AlertKind>();

describe('decideAlerts', () => {
  it('raises a failure-streak alert at the third failure in a row, once', () => {
    const failure = (consecutiveFailures: number) =>
      ({ outcome: 'failure', consecutiveFailures, reason: 'timeout' }) as const;
    expect(decideAlerts(failure(2), none)).toEqual({ raise: [], resolve: [] });
    expect(decideAlerts(failure(3), none).raise).toEqual([
      {
        kind: 'scrape-failures',
        value: 3,
        threshold: 3,
        message: '3 scrapes in a row failed; the last: timeout',
      },
    ]);
    expect(decideAlerts(failure(4), new Set(['scrape-failures']))).toEqual({ raise: [], resolve: [] });
  });

  it('resolves the streak alert at the next good scrape', () => {
    const changes = decideAlerts({ outcome: 'success', series: calm }, new Set(['scrape-failures']));
    expect(changes).toEqual({ raise: [], resolve: ['scrape-failures'] });
  });

  it('raises each breached threshold (above 90 % CPU, memory, disk; above 5 % errors)', () => {
    const hot = {
      cpuPercent: 95.5,
      memoryPercent: 91,
      diskPercent: 90,
      responseTimeMs: 900,
      errorRatePercent: 5.01,
    };
    const changes = decideAlerts({ outcome: 'success', series: hot }, none);
    expect(changes.raise.map((alert) => alert.kind)).toEqual(['cpu', 'memory', 'error-rate']);
    expect(changes.raise[0]).toMatchObject({
      value: 95.5,
      threshold: 90,
      message: 'CPU usage is 95.5%, above 90%',
    });
  });

  it('does not repeat an open alert, resolves it once the value is back, and ignores missing values', () => {
    const open = new Set<AlertKind>(['cpu', 'disk']);
    expect(decideAlerts({ outcome: 'success', series: { ...calm, cpuPercent: 97 } }, open)).toEqual({
      raise: [],
      resolve: ['disk'],
    });
    expect(
      decideAlerts({ outcome: 'success', series: { ...calm, cpuPercent: null, diskPercent: null } }, open),
    ).toEqual({ raise: [], resolve: [] });
  });
});
