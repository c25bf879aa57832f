import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringApp } from '../../src/app.js';
import type { Scraper } from '../../src/scraper/scraper.js';
import { startFakeTenancy } from '../support/fake-tenancy.js';
import {
  startMonitoringApp,
  startMonitoringStorage,
  type MonitoringStorage,
} from '../support/monitoring-harness.js';
import { captureLogs, testScraper } from '../support/scraper-wiring.js';
import { startTenantApps, type AppBehaviour } from '../support/tenant-apps.js';

let storage: MonitoringStorage;
let tenancy: Awaited<ReturnType<typeof startFakeTenancy>>;
let apps: Awaited<ReturnType<typeof startTenantApps>>;
let scraper: Scraper;
let app: MonitoringApp;

beforeAll(async () => {
  storage = await startMonitoringStorage();
  tenancy = await startFakeTenancy();
  apps = await startTenantApps();
  scraper = testScraper({
    pool: storage.pool,
    tenancyUrl: tenancy.origin,
    allowHosts: [`127.0.0.1:${apps.port}`],
    logger: captureLogs().logger,
  });
  app = await startMonitoringApp(storage, { scraper });
});
afterAll(async () => {
  await app?.close();
  await apps?.close();
  await tenancy?.close();
  await storage?.close();
});

function watch(behaviour: AppBehaviour): void {
  const key = `metrics-key-${randomUUID()}`;
  tenancy.endpoints.push({
    subscriptionId: randomUUID(),
    tenantId: randomUUID(),
    productId: randomUUID(),
    status: 'active',
    domainUrl: apps.add(`app-${randomUUID().slice(0, 8)}`, key, behaviour),
    metricsApiKey: key,
  });
}

describe('monitoring_scrapes_total on /metrics', () => {
  it('counts each scrape of a tenant app by outcome, a retried scrape once', async () => {
    watch('good');
    watch('good');
    watch('server-error');
    expect(await scraper.runCycle()).toMatchObject({ targets: 3, succeeded: 2, failed: 1 });

    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE monitoring_scrapes_total counter');
    expect(response.body).toContain('monitoring_scrapes_total{outcome="ok"} 2');
    expect(response.body).toContain('monitoring_scrapes_total{outcome="failed"} 1');
  });
});
