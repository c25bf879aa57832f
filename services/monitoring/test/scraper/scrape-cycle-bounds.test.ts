import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Scraper } from '../../src/scraper/scraper.js';
import { startFakeTenancy } from '../support/fake-tenancy.js';
import { startLocalServer } from '../support/local-server.js';
import { startMonitoringStorage, type MonitoringStorage } from '../support/monitoring-harness.js';
import { captureLogs, testScraper } from '../support/scraper-wiring.js';
import { documentAt } from '../support/tenant-apps.js';

/** testScraper's SCRAPE_CONCURRENCY. */
const concurrency = 4;

let storage: MonitoringStorage;
let tenancy: Awaited<ReturnType<typeof startFakeTenancy>>;
let apps: Awaited<ReturnType<typeof startHeldApps>>;
let scraper: Scraper;

/** Tenant apps whose answers wait until the test lets them go, so overlap is counted, not timed. */
async function startHeldApps() {
  const held: Array<() => void> = [];
  const counts = { inFlight: 0, peak: 0, served: 0 };
  const server = await startLocalServer((app) => {
    app.get('/:name/api/metrics', async (request) => {
      counts.inFlight += 1;
      counts.peak = Math.max(counts.peak, counts.inFlight);
      await new Promise<void>((release) => held.push(release));
      counts.inFlight -= 1;
      counts.served += 1;
      return documentAt((request.params as { name: string }).name);
    });
  });
  return {
    ...server,
    counts,
    held,
    releaseAll: () => held.splice(0).forEach((release) => release()),
  };
}

beforeAll(async () => {
  storage = await startMonitoringStorage();
  tenancy = await startFakeTenancy();
  apps = await startHeldApps();
  scraper = testScraper({
    pool: storage.pool,
    tenancyUrl: tenancy.origin,
    allowHosts: [`127.0.0.1:${apps.port}`],
    logger: captureLogs().logger,
  });
});
afterAll(async () => {
  apps?.releaseAll();
  await apps?.close();
  await tenancy?.close();
  await storage?.close();
});
beforeEach(() => {
  tenancy.endpoints.length = 0;
  Object.assign(apps.counts, { inFlight: 0, peak: 0, served: 0 });
});

function watchApps(count: number): void {
  for (let index = 0; index < count; index += 1) {
    tenancy.endpoints.push({
      subscriptionId: randomUUID(),
      tenantId: randomUUID(),
      productId: randomUUID(),
      status: 'active',
      domainUrl: `${apps.origin}/app-${randomUUID().slice(0, 8)}`,
      metricsApiKey: `metrics-key-${randomUUID()}`,
    });
  }
}

describe('a scrape cycle over many apps', () => {
  it('scrapes at most SCRAPE_CONCURRENCY apps at once, and every app in the end', async () => {
    const total = 11;
    watchApps(total);
    const cycle = scraper.runCycle();
    while (apps.counts.served < total) {
      // Every free slot taken before the answers go out, however slowly the requests arrive.
      await expect.poll(() => apps.held.length >= Math.min(concurrency, total - apps.counts.served)).toBe(true);
      apps.releaseAll();
    }

    expect((await cycle).succeeded).toBe(11);
    expect(apps.counts.peak).toBe(concurrency);
  });

  it('once aborted starts no further app, and ends when the apps in hand have answered', async () => {
    watchApps(10);
    const stopping = new AbortController();
    let finished = false;
    const cycle = scraper.runCycle(stopping.signal).finally(() => (finished = true));
    await expect.poll(() => apps.held.length).toBe(concurrency);

    stopping.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(false);
    apps.releaseAll();

    const summary = await cycle;
    expect(summary).toMatchObject({ targets: 10, succeeded: concurrency, failed: 0 });
    expect(apps.counts.served).toBe(concurrency);
  });
});
