import type pg from 'pg';
import { inject } from 'vitest';
import { bindIdentityOnInject, testIdentitySecret } from '@app/service-kit/testing';
import { createSchemaDatabase } from '@app/test-support';
import { buildApp, type MonitoringApp } from '../../src/app.js';
import { monitoringSchema } from '../../src/config.js';
import { createPlatformHealth, type PlatformHealth } from '../../src/health/platform-health.js';
import { prepareMonitoringStorage } from '../../src/runtime.js';
import type { Scraper } from '../../src/scraper/scraper.js';

export { silentLogger } from '@app/test-support';

export interface MonitoringStorage {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Monitoring's schema, migrated, on a database of this test file's own. */
export async function startMonitoringStorage(): Promise<MonitoringStorage> {
  const storage = await createSchemaDatabase(inject('databaseUrl'), monitoringSchema);
  await prepareMonitoringStorage(storage.pool);
  return storage;
}

/** Monitoring's app as main.ts builds it, on the given storage, with identity tokens bound on inject. */
export async function startMonitoringApp(
  storage: MonitoringStorage,
  options: {
    scraper: Pick<Scraper, 'scrapeNow'> & Partial<Pick<Scraper, 'scrapes'>>;
    health?: PlatformHealth;
    now?: () => Date;
  },
): Promise<MonitoringApp> {
  const health =
    options.health ?? createPlatformHealth({ components: [], self: { name: 'Monitoring', checks: [] } });
  const app = await buildApp({
    identitySecret: testIdentitySecret,
    logLevel: 'silent',
    db: storage.pool,
    scraper: options.scraper,
    health,
    readiness: [],
    ...(options.scraper.scrapes ? { metrics: [options.scraper.scrapes] } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  bindIdentityOnInject(app);
  return app;
}
