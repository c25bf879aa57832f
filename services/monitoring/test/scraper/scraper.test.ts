import { beforeEach, describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import type { MetricsEndpoint } from '../../src/scraper/tenancy-endpoints.js';
import { startTenantAppsRig } from '../support/scrape-rig.js';
import { captureLogs } from '../support/scraper-wiring.js';
import { documentAt, type AppBehaviour } from '../support/tenant-apps.js';

const rig = startedForFile(startTenantAppsRig);
beforeEach(() => {
  // Each test watches only the apps it adds.
  rig.tenancy.endpoints.length = 0;
});

const appName = (endpoint: MetricsEndpoint) => endpoint.domainUrl.split('/').at(-1) ?? '';

async function scrapesOf(subscriptionId: string) {
  const { rows } = await rig.storage.pool.query(
    `SELECT outcome, attempts, http_status, failure_kind, reason, missing_groups, cpu_percent, latency_ms
     FROM scrapes WHERE subscription_id = $1 ORDER BY id`,
    [subscriptionId],
  );
  return rows as Array<Record<string, unknown>>;
}

async function latestOf(subscriptionId: string) {
  const { rows } = await rig.storage.pool.query(
    'SELECT document FROM latest_documents WHERE subscription_id = $1',
    [subscriptionId],
  );
  return rows[0]?.document as Record<string, unknown> | undefined;
}

async function openAlerts(subscriptionId: string) {
  const { rows } = await rig.storage.pool.query<{ kind: string; message: string }>(
    'SELECT kind, message FROM alerts WHERE subscription_id = $1 AND resolved_at IS NULL ORDER BY kind',
    [subscriptionId],
  );
  return rows;
}

describe('a scrape cycle', () => {
  it('stores good documents and records every bad answer as a failure with its reason', async () => {
    const good = rig.watch('good');
    const partial = rig.watch('partial');
    const cases: Array<[AppBehaviour, RegExp, string]> = [
      ['wrong-types', /malformed.*performance\.error_rate_percent/, 'invalid-document'],
      ['huge', /larger than 100000 bytes/, 'too-large'],
      ['slow', /No complete answer within 1000 ms/, 'timeout'],
      ['not-json', /not JSON/, 'invalid-document'],
      ['server-error', /HTTP 500/, 'http-status'],
    ];
    const bad = cases.map(([behaviour]) => rig.watch(behaviour));
    const wrongKey = rig.watch('good', { metricsApiKey: 'not-the-key' });
    const keyless = rig.watch('good', { metricsApiKey: null });

    const summary = await rig.scraper.runCycle();

    expect(summary).toMatchObject({ targets: 9, succeeded: 2, failed: 7 });
    expect(await scrapesOf(good.subscriptionId)).toEqual([
      expect.objectContaining({ outcome: 'success', attempts: 1, http_status: 200, missing_groups: [] }),
    ]);
    expect(await latestOf(good.subscriptionId)).toEqual(documentAt(appName(good)));
    expect(await scrapesOf(partial.subscriptionId)).toEqual([
      expect.objectContaining({ outcome: 'success', missing_groups: ['storage', 'security'] }),
    ]);
    for (const [index, [, reason, kind]] of cases.entries()) {
      const rows = await scrapesOf(bad[index]?.subscriptionId ?? '');
      expect(rows).toEqual([
        expect.objectContaining({
          outcome: 'failure',
          failure_kind: kind,
          reason: expect.stringMatching(reason),
        }),
      ]);
      expect(await latestOf(bad[index]?.subscriptionId ?? '')).toBeUndefined();
    }
    expect((await scrapesOf(wrongKey.subscriptionId))[0]).toMatchObject({
      failure_kind: 'http-status',
      http_status: 401,
      attempts: 1,
      reason: 'The tenant app refused the metrics API key (HTTP 401)',
    });
    expect((await scrapesOf(keyless.subscriptionId))[0]).toMatchObject({
      failure_kind: 'no-key',
      attempts: 0,
    });
    expect(rig.apps.served(appName(keyless))).toBe(0);
  });

  it('retries what a retry may fix and keeps what it finally got, with the attempts it took', async () => {
    const flaky = rig.watch('flaky');
    const broken = rig.watch('server-error');
    const invalid = rig.watch('wrong-types');
    await rig.scraper.runCycle();
    expect((await scrapesOf(flaky.subscriptionId))[0]).toMatchObject({ outcome: 'success', attempts: 2 });
    expect((await scrapesOf(broken.subscriptionId))[0]).toMatchObject({ outcome: 'failure', attempts: 3 });
    expect(rig.apps.served(appName(broken))).toBe(3);
    // A malformed document will not improve a second later: not retried.
    expect(rig.apps.served(appName(invalid))).toBe(1);
  });

  it('never replaces the last good document with a bad answer', async () => {
    const app = rig.watch('good');
    await rig.scraper.runCycle();
    const kept = await latestOf(app.subscriptionId);
    for (const behaviour of ['wrong-types', 'not-json', 'huge'] as const) {
      rig.apps.behave(appName(app), behaviour);
      await rig.scraper.runCycle();
    }
    expect(await latestOf(app.subscriptionId)).toEqual(kept);
    expect((await scrapesOf(app.subscriptionId)).map((row) => row.outcome)).toEqual([
      'success',
      'failure',
      'failure',
      'failure',
    ]);
  });

  it('raises one alert on the third failure in a row and resolves it when the app recovers', async () => {
    const app = rig.watch('not-json');
    await rig.storage.pool.query(
      `INSERT INTO tenants (tenant_id, name, updated_at) VALUES ($1, 'Acme Builders', now())`,
      [app.tenantId],
    );
    await rig.scraper.runCycle();
    await rig.scraper.runCycle();
    expect(await openAlerts(app.subscriptionId)).toEqual([]);
    await rig.scraper.runCycle();
    await rig.scraper.runCycle();
    expect(await openAlerts(app.subscriptionId)).toEqual([
      {
        kind: 'scrape-failures',
        message: expect.stringMatching(
          /^Acme Builders \(http:.*\): 3 scrapes in a row failed; the last: The answer is not JSON$/,
        ),
      },
    ]);
    rig.apps.behave(appName(app), 'good');
    await rig.scraper.runCycle();
    expect(await openAlerts(app.subscriptionId)).toEqual([]);
    const { rows } = await rig.storage.pool.query(
      'SELECT count(*)::int AS n FROM alerts WHERE subscription_id = $1',
      [app.subscriptionId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('raises a threshold alert when the app reports CPU above 90 %', async () => {
    const app = rig.watch('hot');
    await rig.scraper.runCycle();
    expect(await openAlerts(app.subscriptionId)).toEqual([
      { kind: 'cpu', message: expect.stringMatching(/CPU usage is 96\.5%, above 90%$/) },
    ]);
    expect((await scrapesOf(app.subscriptionId))[0]).toMatchObject({ cpu_percent: 96.5 });
  });

  it('leaves cancelled subscriptions alone', async () => {
    const cancelled = rig.watch('good', { status: 'cancelled' });
    const summary = await rig.scraper.runCycle();
    expect(summary.targets).toBe(0);
    expect(rig.apps.served(appName(cancelled))).toBe(0);
  });

  it('prunes history older than the retention', async () => {
    const app = rig.watch('good');
    await rig.storage.pool.query(
      `INSERT INTO scrapes (subscription_id, tenant_id, domain_url, fetched_at, outcome, latency_ms, attempts)
       VALUES ($1, $2, $3, now() - interval '31 days', 'success', 10, 1),
              ($1, $2, $3, now() - interval '29 days', 'success', 10, 1)`,
      [app.subscriptionId, app.tenantId, app.domainUrl],
    );
    await rig.scraper.runCycle();
    const { rows } = await rig.storage.pool.query(
      `SELECT count(*)::int AS n FROM scrapes WHERE subscription_id = $1`,
      [app.subscriptionId],
    );
    expect(rows[0].n).toBe(2);
  });

  it('fails as a whole when tenancy refuses its key, scraping nothing', async () => {
    const wrongSecret = rig.scraperWith({
      logger: captureLogs().logger,
      internalSecret: 'another-secret-of-at-least-32-characters',
    });
    const app = rig.watch('good');
    await expect(wrongSecret.runCycle()).rejects.toThrow(/Tenancy answered 401/);
    expect(rig.apps.served(appName(app))).toBe(0);
  });

  it('never writes a metrics key to a log line or a table', async () => {
    rig.watch('server-error');
    rig.watch('not-json');
    await rig.scraper.runCycle();
    const tables = await rig.storage.pool.query(
      `SELECT string_agg(t::text, ' ') AS text FROM (
         SELECT row_to_json(s)::text AS t FROM scrapes s
         UNION ALL SELECT row_to_json(l)::text FROM latest_documents l
         UNION ALL SELECT row_to_json(a)::text FROM alerts a
         UNION ALL SELECT row_to_json(w)::text FROM watched_subscriptions w) x`,
    );
    const stored = String(tables.rows[0].text);
    const logged = rig.logs.lines.join('\n');
    expect(rig.keys.length).toBeGreaterThan(10);
    for (const key of rig.keys) {
      expect(stored).not.toContain(key);
      expect(logged).not.toContain(key);
    }
    expect(logged).toContain('Scrape cycle finished');
  });
});

describe('several replicas', () => {
  // Long enough that no claim runs out on a slow machine mid-test; the test ends claims itself instead.
  const holdMs = 60_000;
  const replica = (name: string) => rig.scraperWith({ claimHoldMs: holdMs, replica: name });

  it('scrape each app once per interval between them, and the next cycle after the claims run out takes over', async () => {
    const watched = Array.from({ length: 6 }, () => rig.watch('good'));
    const [first, second, third] = ['replica-a', 'replica-b', 'replica-c'].map(replica);

    const together = await Promise.all([first!, second!, third!].map((each) => each.runCycle()));
    const total = (key: 'succeeded' | 'claimedElsewhere') =>
      together.reduce((sum, summary) => sum + summary[key], 0);
    expect(total('succeeded')).toBe(6);
    expect(total('claimedElsewhere')).toBe(12);
    for (const endpoint of watched) expect(rig.apps.served(appName(endpoint))).toBe(1);

    expect(await second!.runCycle()).toMatchObject({ succeeded: 0, claimedElsewhere: 6 });

    // As if the interval had passed, or the holder had stopped: the claims run out.
    await rig.storage.pool.query(
      "UPDATE scrape_claims SET claimed_until = now() - interval '1 second' WHERE subscription_id = ANY($1)",
      [watched.map((endpoint) => endpoint.subscriptionId)],
    );
    expect(await third!.runCycle()).toMatchObject({ succeeded: 6, claimedElsewhere: 0 });
    for (const endpoint of watched) expect(await scrapesOf(endpoint.subscriptionId)).toHaveLength(2);
    const { rows } = await rig.storage.pool.query<{ claimed_by: string }>(
      'SELECT DISTINCT claimed_by FROM scrape_claims WHERE subscription_id = ANY($1)',
      [watched.map((endpoint) => endpoint.subscriptionId)],
    );
    expect(rows).toEqual([{ claimed_by: 'replica-c' }]);
  });
});
