import { hostname } from 'node:os';
import type pg from 'pg';
import { createSsrfGuard, type Resolver } from '@app/outbound';
import { sleep } from '@app/retry';
import type { EventingLogger } from '@app/eventing';
import type { ReadinessCheck } from '@app/service-kit';
import type { MonitoringConfig } from './config.js';
import { createPlatformHealth, type ProbedComponent } from './health/platform-health.js';
import { claimHoldMs } from './domain/scrape/schedule.js';
import { createScraper } from './scraper/scraper.js';
import { createTenancyEndpoints } from './scraper/tenancy-endpoints.js';

type ScraperConfig = Pick<
  MonitoringConfig,
  | 'TENANCY_URL'
  | 'INTERNAL_TOKEN_SECRET'
  | 'SCRAPE_ALLOW_HOSTS'
  | 'METRICS_PATH'
  | 'SCRAPE_TIMEOUT_MS'
  | 'SCRAPE_MAX_BYTES'
  | 'SCRAPE_CONCURRENCY'
  | 'SCRAPE_RETRIES'
  | 'HISTORY_RETENTION_DAYS'
  | 'SCRAPE_INTERVAL_MS'
>;

/**
 * The scraper as main.ts runs it; tests pass a resolver, a quicker retry base and a claim hold of their own
 * (0 lets one replica scrape in back-to-back cycles).
 */
export function wireScraper(
  config: ScraperConfig,
  clients: {
    pool: pg.Pool;
    logger: EventingLogger;
    resolve?: Resolver;
    retryBaseMs?: number;
    claimHoldMs?: number;
    replica?: string;
  },
) {
  return createScraper({
    pool: clients.pool,
    logger: clients.logger,
    tenancy: createTenancyEndpoints({
      tenancyUrl: config.TENANCY_URL,
      internalSecret: config.INTERNAL_TOKEN_SECRET,
    }),
    guard: createSsrfGuard({
      allowHosts: config.SCRAPE_ALLOW_HOSTS,
      ...(clients.resolve ? { resolve: clients.resolve } : {}),
    }),
    settings: {
      metricsPath: config.METRICS_PATH,
      timeoutMs: config.SCRAPE_TIMEOUT_MS,
      maxBytes: config.SCRAPE_MAX_BYTES,
      retryBaseMs: clients.retryBaseMs ?? 1_000,
    },
    concurrency: config.SCRAPE_CONCURRENCY,
    retries: config.SCRAPE_RETRIES,
    retentionDays: config.HISTORY_RETENTION_DAYS,
    claim: {
      holdMs: clients.claimHoldMs ?? claimHoldMs(config.SCRAPE_INTERVAL_MS),
      replica: clients.replica ?? `${hostname()}/${process.pid}`,
    },
    now: () => new Date(),
    random: Math.random,
    sleep,
  });
}

type HealthConfig = Pick<
  MonitoringConfig,
  'GATEWAY_URL' | 'CATALOG_URL' | 'IDENTITY_URL' | 'TENANCY_URL' | 'BILLING_URL'
>;

/** Every configured component, gateway first; one left unset is left out. */
export function wirePlatformHealth(config: HealthConfig, readiness: readonly ReadinessCheck[]) {
  const candidates: Array<[string, ProbedComponent['kind'], string | undefined]> = [
    ['Gateway', 'gateway', config.GATEWAY_URL],
    ['Catalog', 'service', config.CATALOG_URL],
    ['Identity', 'service', config.IDENTITY_URL],
    ['Tenancy', 'service', config.TENANCY_URL],
    ['Billing', 'service', config.BILLING_URL],
  ];
  const components = candidates.flatMap(([name, kind, url]) => (url ? [{ name, kind, url }] : []));
  return createPlatformHealth({ components, self: { name: 'Monitoring', checks: readiness } });
}
