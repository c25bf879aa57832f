import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { metricCatalogue } from '../telemetry/metric-catalogue.js';
import { withTimeout } from '../util/with-timeout.js';
import type { LagProbe } from './readiness-lag.js';

/**
 * Prometheus metrics on a registry of this app's own, so several apps in one process (tests, the embedded
 * default) never clash over metric names. Routes are labelled by pattern to keep label cardinality bounded.
 */
export function registerMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { name, labels } = metricCatalogue.httpRequestDuration;
  const duration = new Histogram({
    name,
    help: 'HTTP request duration in seconds, by method, route pattern and status code',
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    '/metrics',
    { config: { policy: 'public' }, logLevel: 'warn', schema: { hide: true } },
    async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
  return registry;
}

/** A scrape must answer within a typical scrape timeout even when the event store is slow. */
const lagMeasureTimeoutMs = 2_000;
/**
 * One lag measurement per scrape: prom-client collects every metric of a scrape at once, so both gauges share
 * the measurement in flight instead of reading the backlog twice.
 */
function sharedMeasurement(probe: LagProbe): LagProbe['measure'] {
  let inFlight: ReturnType<LagProbe['measure']> | undefined;
  return () => {
    inFlight ??= withTimeout(probe.measure(), lagMeasureTimeoutMs, 'lag not measured in time').finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * The relay's and each projection's lag as gauges, measured by the readiness check's own probe when Prometheus
 * scrapes (no timer keeps measuring between scrapes). A measurement that fails or times out reports the relay
 * as NaN and no projection series, so a stale figure never passes for a current one; a probe without a relay
 * reports it as NaN too, never as a reassuring 0.
 */
export function registerLagMetrics(registry: Registry, probe: LagProbe): void {
  for (const { name } of [metricCatalogue.relayLag, metricCatalogue.projectionLag]) {
    registry.removeSingleMetric(name);
  }
  const measure = sharedMeasurement(probe);
  const seconds = (ageMs: number | null) => (ageMs ?? 0) / 1000;

  new Gauge({
    name: metricCatalogue.relayLag.name,
    help: 'Age in seconds of the oldest event the relay has not yet published to NATS (0 when caught up)',
    registers: [registry],
    async collect() {
      try {
        const { relay } = await measure();
        this.set(relay ? seconds(relay.oldestUnpublishedAgeMs) : Number.NaN);
      } catch {
        this.set(Number.NaN);
      }
    },
  });
  new Gauge({
    name: metricCatalogue.projectionLag.name,
    help: 'Age in seconds of the oldest event each projection has not yet applied (0 when caught up)',
    labelNames: metricCatalogue.projectionLag.labels,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const { projections } = await measure();
        for (const projection of projections) {
          this.set({ projection: projection.name }, seconds(projection.oldestUnappliedAgeMs));
        }
      } catch {
        // No series rather than a stale one; the relay gauge's NaN says the measurement failed.
      }
    },
  });
}
