import { Counter, Gauge, type Metric } from 'prom-client';
import type { metricCatalogue } from './metric-catalogue.js';

/** For services that hand their metrics around without depending on prom-client themselves. */
export type CatalogueCounter<Label extends string> = Counter<Label>;
export type ServiceMetric = Metric;

type CatalogueEntry = (typeof metricCatalogue)[keyof typeof metricCatalogue];
type CounterEntry = Extract<CatalogueEntry, { type: 'counter' }>;
type GaugeEntry = Extract<CatalogueEntry, { type: 'gauge' }>;

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

/** One series of a gauge read at scrape time: its labels and its value now. */
export interface GaugeReading<Label extends string> {
  labels: Record<Label, string>;
  value: number;
}

/**
 * A gauge named and labelled as the catalogue says, in no registry yet, whose series are read when Prometheus
 * scrapes (no timer keeps measuring between scrapes). Each scrape replaces every series with what `read` gives,
 * so a series it no longer gives is gone rather than stale; a read that throws leaves none.
 */
export function catalogueGauge<Entry extends GaugeEntry>(
  entry: Entry,
  help: string,
  read: () => Promise<ReadonlyArray<GaugeReading<Entry['labels'][number]>>>,
): Gauge<Entry['labels'][number]> {
  return new Gauge({
    name: entry.name,
    help,
    labelNames: entry.labels,
    registers: [],
    async collect() {
      this.reset();
      const readings = await read().catch(() => []);
      for (const { labels, value } of readings) this.set(labels, value);
    },
  });
}
