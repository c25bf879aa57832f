import { z } from 'zod';
import {
  databaseAcquireTimeoutMs,
  databaseUrl,
  parseConfig,
  resolveDatabaseUrl,
  serviceVariables,
  type WithDatabaseUrl,
} from '@app/service-kit/config';

const ownDatabase = 'MONITORING_DATABASE_URL';

const serviceUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const positiveInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * SCRAPE_ALLOW_HOSTS: hosts the SSRF guard lets through although they resolve to private or loopback addresses,
 * as `host` or `host:port` (`[::1]:4100` for IPv6), comma separated. A port narrows the exception to that one
 * port, which is what the embedded demo should use: a bare `localhost` would let a tenant app redirect the
 * scraper to every platform service on the machine.
 */
const allowHosts = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ''),
  );

/** Reused from the event-sourced services; monitoring writes no events, so it has no read-your-writes wait. */
const { READ_YOUR_WRITES_TIMEOUT_MS: _readYourWrites, ...service } = serviceVariables('monitoring', 3005);

/** Monitoring's whole environment (README "Configuration"); no other file reads process.env. */
const serviceSchema = z.object({
  ...service,
  DATABASE_URL: databaseUrl.optional(),
  [ownDatabase]: databaseUrl.optional(),
  DATABASE_POOL_SIZE: positiveInt(1, 100).default(10),
  DATABASE_ACQUIRE_TIMEOUT_MS: databaseAcquireTimeoutMs,
  /** Where tenancy listens: the metrics keys come only from its internal call. */
  TENANCY_URL: serviceUrl,
  /** For GET /api/admin/health; a service left unset is left out of the list. */
  CATALOG_URL: serviceUrl.optional(),
  IDENTITY_URL: serviceUrl.optional(),
  BILLING_URL: serviceUrl.optional(),
  GATEWAY_URL: serviceUrl.optional(),
  SCRAPE_INTERVAL_MS: positiveInt(1_000, 24 * 60 * 60 * 1000).default(300_000),
  SCRAPE_TIMEOUT_MS: positiveInt(100, 120_000).default(10_000),
  SCRAPE_CONCURRENCY: positiveInt(1, 500).default(16),
  SCRAPE_RETRIES: positiveInt(0, 5).default(2),
  SCRAPE_MAX_BYTES: positiveInt(1_024, 50 * 1024 * 1024).default(1024 * 1024),
  METRICS_PATH: z
    .string()
    .regex(/^\/[\w\-./]*$/, 'must be a path starting with /')
    .default('/api/metrics'),
  SCRAPE_ALLOW_HOSTS: allowHosts,
  HISTORY_RETENTION_DAYS: positiveInt(1, 3_650).default(30),
});

export type MonitoringConfig = WithDatabaseUrl<z.output<typeof serviceSchema>, typeof ownDatabase>;

export function loadConfig(env: Record<string, string | undefined> = process.env): MonitoringConfig {
  return resolveDatabaseUrl(parseConfig(serviceSchema, env), ownDatabase);
}

/** Monitoring's Postgres schema: its copy of the watched subscriptions, scrape history and alerts. */
export const monitoringSchema = 'monitoring';
