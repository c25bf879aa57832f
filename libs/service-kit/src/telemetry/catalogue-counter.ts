import { Counter, type Metric } from 'prom-client';
import type { metricCatalogue } from './metric-catalogue.js';

/** For services that hand their metrics around without depending on prom-client themselves. */
export type CatalogueCounter<Label extends string> = Counter<Label>;
export type ServiceMetric = Metric;

type CounterEntry = Extract<(typeof metricCatalogue)[keyof typeof metricCatalogue], { type: 'counter' }>;

/**
 * A counter named and labelled as the catalogue says, in no registry yet: a part built before its app (a scraper,
 * a runner) counts into it, and the app serves it (createService's `metrics`).
 */
export function catalogueCounter<Entry extends CounterEntry>(
  entry: Entry,
  help: string,
): Counter<Entry['labels'][number]> {
  return new Counter({ name: entry.name, help, labelNames: entry.labels, registers: [] });
}
