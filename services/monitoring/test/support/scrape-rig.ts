import { randomUUID } from 'node:crypto';
import type { MetricsEndpoint } from '../../src/scraper/tenancy-endpoints.js';
import { startFakeTenancy, watchedEndpoint } from './fake-tenancy.js';
import { startMonitoringApp, startMonitoringStorage } from './monitoring-harness.js';
import { captureLogs, testScraper } from './scraper-wiring.js';
import { startTenantApps, type AppBehaviour } from './tenant-apps.js';

/**
 * Monitoring's storage, a stand-in for tenancy's endpoint list, tenant apps on a local server (`startApps`) and the
 * scraper wired to them as main.ts wires it, logging into `logs`; `scraperWith` wires another the same way.
 */
export async function startScrapeRig<Apps extends { port: number; close(): Promise<void> }>(
  startApps: () => Promise<Apps>,
) {
  const storage = await startMonitoringStorage();
  const tenancy = await startFakeTenancy();
  const apps = await startApps();
  const logs = captureLogs();
  const scraperWith = (options: Partial<Parameters<typeof testScraper>[0]> = {}) =>
    testScraper({
      pool: storage.pool,
      tenancyUrl: tenancy.origin,
      allowHosts: [`127.0.0.1:${apps.port}`],
      logger: logs.logger,
      ...options,
    });
  return {
    storage,
    tenancy,
    apps,
    logs,
    scraper: scraperWith(),
    scraperWith,
    async close() {
      await apps.close();
      await tenancy.close();
      await storage.close();
    },
  };
}

/**
 * The scrape rig over tenant apps that behave as told, and `watch` to add one to tenancy's list, its key fresh and
 * kept in `keys`.
 */
export async function startTenantAppsRig() {
  const rig = await startScrapeRig(startTenantApps);
  const keys: string[] = [];
  return {
    ...rig,
    keys,
    /** A subscription tenancy lists, whose app behaves as `behaviour` says. */
    watch(behaviour: AppBehaviour, overrides: Partial<MetricsEndpoint> = {}): MetricsEndpoint {
      const key = `metrics-key-${randomUUID()}`;
      keys.push(key);
      const domainUrl = rig.apps.add(`app-${randomUUID().slice(0, 8)}`, key, behaviour);
      const endpoint = watchedEndpoint(domainUrl, key, overrides);
      rig.tenancy.endpoints.push(endpoint);
      return endpoint;
    },
  };
}

/** The tenant apps rig with monitoring's app over its storage and scraper, for the HTTP tests. */
export async function startMonitoringOverRig(options: { now?: () => Date } = {}) {
  const rig = await startTenantAppsRig();
  const app = await startMonitoringApp(rig.storage, { scraper: rig.scraper, ...options });
  return {
    ...rig,
    app,
    async close() {
      await app.close();
      await rig.close();
    },
  };
}
