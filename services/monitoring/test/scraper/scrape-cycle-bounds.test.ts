import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { watchedEndpoint } from '../support/fake-tenancy.js';
import { startLocalServer } from '@app/test-support/local-server';
import { startScrapeRig } from '../support/scrape-rig.js';
import { documentAt } from '../support/tenant-apps.js';

/** testScraper's SCRAPE_CONCURRENCY. */
const concurrency = 4;

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
  const releaseAll = () => held.splice(0).forEach((release) => release());
  return {
    ...server,
    counts,
    held,
    releaseAll,
    async close() {
      releaseAll();
      await server.close();
    },
  };
}

const rig = startedForFile(() => startScrapeRig(startHeldApps));
beforeEach(() => {
  rig.tenancy.endpoints.length = 0;
  Object.assign(rig.apps.counts, { inFlight: 0, peak: 0, served: 0 });
});

function watchApps(count: number): void {
  for (let index = 0; index < count; index += 1) {
    const domainUrl = `${rig.apps.origin}/app-${randomUUID().slice(0, 8)}`;
    rig.tenancy.endpoints.push(watchedEndpoint(domainUrl, `metrics-key-${randomUUID()}`));
  }
}

describe('a scrape cycle over many apps', () => {
  it('scrapes at most SCRAPE_CONCURRENCY apps at once, and every app in the end', async () => {
    const total = 11;
    watchApps(total);
    const cycle = rig.scraper.runCycle();
    while (rig.apps.counts.served < total) {
      // Every free slot taken before the answers go out, however slowly the requests arrive.
      await expect
        .poll(() => rig.apps.held.length >= Math.min(concurrency, total - rig.apps.counts.served))
        .toBe(true);
      rig.apps.releaseAll();
    }

    expect((await cycle).succeeded).toBe(11);
    expect(rig.apps.counts.peak).toBe(concurrency);
  });

  it('once aborted starts no further app, and ends when the apps in hand have answered', async () => {
    watchApps(10);
    const stopping = new AbortController();
    let finished = false;
    const cycle = rig.scraper.runCycle(stopping.signal).finally(() => (finished = true));
    await expect.poll(() => rig.apps.held.length).toBe(concurrency);

    stopping.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(false);
    rig.apps.releaseAll();

    const summary = await cycle;
    expect(summary).toMatchObject({ targets: 10, succeeded: concurrency, failed: 0 });
    expect(rig.apps.counts.served).toBe(concurrency);
  });
});
