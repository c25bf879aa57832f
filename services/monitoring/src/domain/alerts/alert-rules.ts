import type { MetricSeries } from '../scrape/metric-series.js';

/**
 * Alerts raised from scrapes: a streak of failed scrapes, and thresholds on the app's own figures. An
 * alert is raised once when its condition starts and resolved when it clears, not repeated every cycle.
 */
export type AlertKind = 'scrape-failures' | 'cpu' | 'memory' | 'disk' | 'error-rate';

export const failureStreakThreshold = 3;

interface ThresholdRule {
  kind: Exclude<AlertKind, 'scrape-failures'>;
  label: string;
  value: (series: MetricSeries) => number | null;
  /** Raised above this, in percent. */
  threshold: number;
}

export const thresholdRules: readonly ThresholdRule[] = [
  { kind: 'cpu', label: 'CPU usage', value: (series) => series.cpuPercent, threshold: 90 },
  { kind: 'memory', label: 'Memory usage', value: (series) => series.memoryPercent, threshold: 90 },
  { kind: 'disk', label: 'Disk usage', value: (series) => series.diskPercent, threshold: 90 },
  { kind: 'error-rate', label: 'Error rate', value: (series) => series.errorRatePercent, threshold: 5 },
];

export type ScrapeObservation =
  | { outcome: 'success'; series: MetricSeries }
  | { outcome: 'failure'; consecutiveFailures: number; reason: string };

export interface RaisedAlert {
  kind: AlertKind;
  value: number;
  threshold: number;
  message: string;
}

export interface AlertChanges {
  raise: RaisedAlert[];
  resolve: AlertKind[];
}

export function decideAlerts(observation: ScrapeObservation, open: ReadonlySet<AlertKind>): AlertChanges {
  if (observation.outcome === 'failure') {
    const { consecutiveFailures, reason } = observation;
    if (consecutiveFailures < failureStreakThreshold || open.has('scrape-failures')) {
      return { raise: [], resolve: [] };
    }
    const message = `${consecutiveFailures} scrapes in a row failed; the last: ${reason}`;
    return {
      raise: [
        { kind: 'scrape-failures', value: consecutiveFailures, threshold: failureStreakThreshold, message },
      ],
      resolve: [],
    };
  }
  const changes: AlertChanges = {
    raise: [],
    resolve: open.has('scrape-failures') ? ['scrape-failures'] : [],
  };
  for (const rule of thresholdRules) {
    const value = rule.value(observation.series);
    // A group the app stopped sending says nothing either way: an open alert stays open.
    if (value === null) continue;
    const breached = value > rule.threshold;
    if (breached && !open.has(rule.kind)) {
      const message = `${rule.label} is ${round(value)}%, above ${rule.threshold}%`;
      changes.raise.push({ kind: rule.kind, value, threshold: rule.threshold, message });
    } else if (!breached && open.has(rule.kind)) {
      changes.resolve.push(rule.kind);
    }
  }
  return changes;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
