/**
 * Whether the scraper keeps up: one scrape cycle over 1,000 simulated tenant apps, served locally, against the
 * 5-minute cycle it must fit in (target: cycle time ÷ 300 s ≤ 0.1), with the heap watched for boundedness. Every
 * app is the demo tenant app seen through its own key (so 1,000 different documents), behind the same SSRF guard,
 * byte cap, validation and Postgres recording as in production; tenancy's internal call is stood in for by a
 * local server answering the 1,000 endpoints with their keys.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { buildDemoApp } from '@app/demo-tenant-app';
import { derivedKey, internalKeyHeader, metricsEndpointsPurpose } from '@app/service-kit';
import { createTestDatabase } from '@app/test-support';
import { monitoringSchema } from '../services/monitoring/src/config.js';
import { prepareMonitoringStorage } from '../services/monitoring/src/runtime.js';
import { wireScraper } from '../services/monitoring/src/wire.js';
import type { Measurement } from './report.js';

const sizes = { tenants: 1_000, concurrency: 16, cycleBudgetMs: 300_000, heapSampleMs: 25 };
const secret = `bench-${randomUUID()}-internal-secret`;

export async function measureScrapeCycle(databaseUrl: string): Promise<Measurement> {
  const database = await createTestDatabase(databaseUrl);
  database.pool.on('error', () => undefined);
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    options: `-c search_path=${monitoringSchema}`,
  });
  pool.on('error', () => undefined);
  const keys = Array.from({ length: sizes.tenants }, () => `bench-key-${randomUUID()}`);
  const apps = await buildDemoApp({ keys, seed: 'bench' });
  const tenancy = Fastify();
  try {
    await prepareMonitoringStorage(pool);
    const appsUrl = await apps.listen({ port: 0, host: '127.0.0.1' });
    const endpoints = keys.map((metricsApiKey) => ({
      subscriptionId: randomUUID(),
      tenantId: randomUUID(),
      productId: randomUUID(),
      status: 'active' as const,
      domainUrl: appsUrl,
      metricsApiKey,
    }));
    const expected = derivedKey(secret, metricsEndpointsPurpose);
    tenancy.get('/internal/metrics-endpoints', async (request, reply) =>
      request.headers[internalKeyHeader] === expected ? { endpoints } : reply.code(401).send({}),
    );
    const tenancyUrl = await tenancy.listen({ port: 0, host: '127.0.0.1' });
    const scraper = wireScraper(
      {
        TENANCY_URL: tenancyUrl,
        INTERNAL_TOKEN_SECRET: secret,
        SCRAPE_ALLOW_HOSTS: [new URL(appsUrl).host],
        METRICS_PATH: '/api/metrics',
        SCRAPE_TIMEOUT_MS: 10_000,
        SCRAPE_MAX_BYTES: 1024 * 1024,
        SCRAPE_CONCURRENCY: sizes.concurrency,
        SCRAPE_RETRIES: 2,
        HISTORY_RETENTION_DAYS: 30,
        SCRAPE_INTERVAL_MS: 300_000,
      },
      // Alerts are raised at warn (the demo apps have incidents); only errors matter to the bench's output.
      {
        pool,
        logger: {
          debug: () => undefined,
          info: () => undefined,
          warn: () => undefined,
          error: console.error,
        },
      },
    );

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, sizes.heapSampleMs);
    const summary = await scraper.runCycle().finally(() => clearInterval(sampler));
    if (summary.succeeded !== sizes.tenants) {
      throw new Error(`${summary.failed} of ${summary.targets} scrapes failed`);
    }
    const { rows } = await pool.query<{ p50: number; p99: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) AS p99 FROM scrapes`,
    );
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    return {
      value: summary.durationMs / 1000,
      baseline: sizes.cycleBudgetMs / 1000,
      unit: 's per cycle',
      target: { on: 'ratio', atMost: 0.1 },
      notes: [
        `${sizes.tenants} tenant apps (the demo app, one key each, on 127.0.0.1), scraped once by the monitoring`,
        `scraper at concurrency ${sizes.concurrency}: tenancy call, SSRF check, fetch, byte cap, zod validation, and`,
        `each result recorded in Postgres (history row, latest document, streak, alerts) in its own transaction.`,
        `Baseline: the 5-minute cycle (SPEC.md §9) the whole scrape must fit in.`,
        `Per-scrape latency (apps, stand-in tenancy and scraper share this one process) p50 ` +
          `${Math.round(rows[0]?.p50 ?? 0)} ms, p99 ${Math.round(rows[0]?.p99 ?? 0)} ms. Heap ${mb(heapBefore)} MB before, ` +
          `peak ${mb(heapPeak)} MB during (+${mb(heapPeak - heapBefore)} MB for ${sizes.tenants} apps).`,
      ],
    };
  } finally {
    await tenancy.close();
    await apps.close();
    await pool.end();
    await database.drop();
  }
}
