import { Counter, type Metric, type Registry } from 'prom-client';
import type { metricCatalogue } from './metric-catalogue.js';

/** For services that hand their metrics around without depending on prom-client themselves. */
export type CatalogueCounter<Label extends string> = Counter<Label>;
export type ServiceMetric = Metric;

type CounterEntry = (typeof metricCatalogue)['payments' | 'tenantScrapes'];

/**
 * A counter named and labelled as the catalogue says. Without a registry it belongs to none yet: a part built
 * before its app (a scraper, a runner) counts into it, and the app adds it with `registry.registerMetric`.
 */
export function catalogueCounter<Entry extends CounterEntry>(
  entry: Entry,
  help: string,
  registry?: Registry,
): Counter<Entry['labels'][number]> {
  return new Counter({
    name: entry.name,
    help,
    labelNames: entry.labels,
    registers: registry ? [registry] : [],
  });
}
