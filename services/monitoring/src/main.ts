import type { Telemetry } from '@app/service-kit';
import { acceptedSecrets, createLogger, runService } from '@app/service-kit';
import { consumerClientsOf, storeReadiness } from '@app/service-kit/runtime';
import { connectNats } from '@app/eventing';
import { buildApp } from './app.js';
import type { MonitoringConfig } from './config.js';
import { startMonitoringConsumers } from './integration/start-monitoring-consumers.js';
import { openMonitoringStorage } from './runtime.js';
import { startScrapeScheduler } from './scraper/scheduler.js';
import { wirePlatformHealth, wireScraper } from './wire.js';

/**
 * Monitoring's process. Not runEventSourcedService: monitoring has no event store or relay, as what it keeps is
 * telemetry. Storage, NATS, tenancy's messages into its copy of the watched apps, the scrape schedule and HTTP;
 * on a signal the same in reverse.
 */
export async function main(config: MonitoringConfig, telemetry: Telemetry): Promise<void> {
  const logger = createLogger({ name: 'monitoring', level: config.LOG_LEVEL });
  const pool = await openMonitoringStorage(config, logger.child({ component: 'storage' }));
  const nats = await connectNats({ url: config.NATS_URL, name: 'monitoring' });
  const readiness = storeReadiness({ pool, nats });
  const consumers = await startMonitoringConsumers(
    consumerClientsOf(config, { nats, pool, logger: logger.child({ component: 'consumers' }) }),
  );
  const scraper = wireScraper(config, { pool, logger: logger.child({ component: 'scraper' }) });
  const scheduler = startScrapeScheduler({
    intervalMs: config.SCRAPE_INTERVAL_MS,
    runCycle: (signal) => scraper.runCycle(signal),
    logger: logger.child({ component: 'scheduler' }),
  });
  const app = await buildApp({
    identitySecret: acceptedSecrets(config),
    logLevel: config.LOG_LEVEL,
    db: pool,
    scraper,
    metrics: [scraper.scrapes],
    health: wirePlatformHealth(config, readiness),
    readiness,
    telemetry,
  });

  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    onClose: [
      () => scheduler.stop(),
      () => consumers.stop(),
      () => nats.drain(),
      () => pool.end(),
      () => telemetry.shutdown(),
    ],
  });
}
