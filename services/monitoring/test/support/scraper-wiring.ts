import type pg from 'pg';
import { testIdentitySecret } from '@app/service-kit/testing';
import type { Resolver } from '@app/outbound';
import { wireScraper } from '../../src/wire.js';

export interface CapturedLogs {
  lines: string[];
  logger: {
    debug(obj: object, msg?: string): void;
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
}

/** A logger that keeps every line as JSON, to look for secrets in. */
export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  const keep = (obj: object, msg?: string) => void lines.push(JSON.stringify({ ...obj, msg }));
  return { lines, logger: { debug: keep, info: keep, warn: keep, error: keep } };
}

/** The scraper as main.ts wires it, against local servers: their port allow-listed, short timeouts. */
export function testScraper(options: {
  pool: pg.Pool;
  tenancyUrl: string;
  allowHosts: string[];
  logger: CapturedLogs['logger'];
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  internalSecret?: string;
  /** 0 unless a test is about claims: each of a test's back-to-back cycles then scrapes every app. */
  claimHoldMs?: number;
  replica?: string;
}) {
  return wireScraper(
    {
      TENANCY_URL: options.tenancyUrl,
      INTERNAL_TOKEN_SECRET: options.internalSecret ?? testIdentitySecret,
      SCRAPE_ALLOW_HOSTS: options.allowHosts,
      METRICS_PATH: '/api/metrics',
      SCRAPE_TIMEOUT_MS: options.timeoutMs ?? 1_000,
      SCRAPE_MAX_BYTES: options.maxBytes ?? 100_000,
      SCRAPE_CONCURRENCY: 4,
      SCRAPE_RETRIES: 2,
      HISTORY_RETENTION_DAYS: 30,
      SCRAPE_INTERVAL_MS: 300_000,
    },
    {
      pool: options.pool,
      logger: options.logger,
      retryBaseMs: 10,
      claimHoldMs: options.claimHoldMs ?? 0,
      ...(options.replica ? { replica: options.replica } : {}),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    },
  );
}
