import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityHeaders } from '@app/service-kit/testing';
import { startedForFile } from '@app/test-support/started-for-file';
import type { MetricsEndpoint } from '../../src/scraper/tenancy-endpoints.js';
import { watchedEndpoint } from '../support/fake-tenancy.js';
import { startMonitoringOverRig } from '../support/scrape-rig.js';
import { documentAt, type AppBehaviour } from '../support/tenant-apps.js';

const now = new Date('2026-06-10T12:00:00Z');
const rig = startedForFile(() => startMonitoringOverRig({ now: () => now }));

const asAdmin = () => identityHeaders('admin');

/** A subscription as tenancy's events leave it in monitoring's copy, and as tenancy's internal call lists it. */
async function subscription(
  tenantId: string,
  behaviour: AppBehaviour | null,
  status: MetricsEndpoint['status'] = 'active',
): Promise<{ subscriptionId: string; name: string }> {
  const subscriptionId = randomUUID();
  const name = `app-${subscriptionId.slice(0, 8)}`;
  const key = `key-${randomUUID()}`;
  const domainUrl = behaviour === null ? null : rig.apps.add(name, key, behaviour);
  await rig.storage.pool.query(
    `INSERT INTO watched_subscriptions
       (subscription_id, tenant_id, product_id, status, domain_url, metrics_api_key_configured, updated_at)
     VALUES ($1, $2, $3, $4, $5, true, now())`,
    [subscriptionId, tenantId, randomUUID(), status, domainUrl],
  );
  if (domainUrl !== null) {
    rig.tenancy.endpoints.push(watchedEndpoint(domainUrl, key, { subscriptionId, tenantId, status }));
  }
  return { subscriptionId, name };
}

async function metrics(tenantId: string, query = '', headers?: Record<string, string>) {
  return rig.app.inject({
    method: 'GET',
    url: `/api/tenant-metrics/${tenantId}${query}`,
    headers: headers ?? (await asAdmin()),
  });
}

describe('GET /api/tenant-metrics/:tenantId', () => {
  it('answers 404 for a tenant with no app to watch', async () => {
    const tenantId = randomUUID();
    await subscription(tenantId, null);
    await subscription(tenantId, 'good', 'cancelled');
    for (const id of [tenantId, randomUUID()]) {
      const response = await metrics(id);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({
        status: 404,
        detail: 'No metrics are configured for this tenant',
      });
    }
  });

  it('fetches a never-scraped app once, on demand, then serves the stored document', async () => {
    const tenantId = randomUUID();
    const { subscriptionId, name } = await subscription(tenantId, 'partial');

    const first = await metrics(tenantId);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    const { storage: _storage, security: _security, ...expected } = documentAt(name);
    expect(body).toEqual({
      ...expected,
      subscriptionId,
      fetchedAt: expect.any(String),
      missingGroups: ['storage', 'security'],
    });

    const second = await metrics(tenantId);
    expect(second.json()).toEqual(body);
    expect(rig.apps.served(name)).toBe(1);
  });

  it('answers 502 with the reason when that fetch fails, and does not fetch again', async () => {
    const tenantId = randomUUID();
    const { name } = await subscription(tenantId, 'not-json');
    for (let call = 0; call < 2; call += 1) {
      const response = await metrics(tenantId);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        detail: "The tenant app's metrics could not be fetched: The answer is not JSON",
      });
    }
    expect(rig.apps.served(name)).toBe(1);
  });

  it('serves the subscription asked for, and 404 for one of another tenant', async () => {
    const tenantId = randomUUID();
    const first = await subscription(tenantId, 'good');
    const second = await subscription(tenantId, 'hot');
    const picked = await metrics(tenantId, `?subscription=${second.subscriptionId}`);
    expect(picked.json()).toMatchObject({
      subscriptionId: second.subscriptionId,
      system_health: { cpu_usage_percent: 96.5 },
    });
    await metrics(tenantId, `?subscription=${first.subscriptionId}`);
    // Without one, the most recently fetched.
    expect((await metrics(tenantId)).json()).toMatchObject({ subscriptionId: first.subscriptionId });

    const other = await subscription(randomUUID(), 'good');
    expect((await metrics(tenantId, `?subscription=${other.subscriptionId}`)).statusCode).toBe(404);
    expect((await metrics(tenantId, '?subscription=nope')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const tenantId = randomUUID();
    expect((await metrics(tenantId, '', await identityHeaders('tenant'))).statusCode).toBe(403);
    expect((await metrics(tenantId, '', {})).statusCode).toBe(401);
  });
});

describe('GET /api/tenant-metrics/:tenantId/history', () => {
  async function seedScrapes(tenantId: string, subscriptionId: string) {
    const rows: Array<[string, 'success' | 'failure', number | null]> = [
      ['2026-06-10T08:00:00Z', 'success', 40],
      ['2026-06-10T08:05:00Z', 'success', 60],
      ['2026-06-10T08:10:00Z', 'failure', null],
      ['2026-06-10T11:55:00Z', 'success', 80],
      ['2026-06-08T11:55:00Z', 'success', 10],
    ];
    for (const [at, outcome, cpu] of rows) {
      await rig.storage.pool.query(
        `INSERT INTO scrapes (subscription_id, tenant_id, domain_url, fetched_at, outcome, latency_ms, attempts,
           cpu_percent, memory_percent, disk_percent, response_time_ms, error_rate_percent)
         VALUES ($1, $2, 'https://app.example', $3, $4, 12, 1, $5, $5, $5, $5, $5)`,
        [subscriptionId, tenantId, at, outcome, cpu],
      );
    }
  }

  const history = async (tenantId: string, query: string) =>
    rig.app.inject({
      method: 'GET',
      url: `/api/tenant-metrics/${tenantId}/history${query}`,
      headers: await asAdmin(),
    });

  it('answers the last 24 hours by default, one point per bucket with scrapes', async () => {
    const tenantId = randomUUID();
    const { subscriptionId } = await subscription(tenantId, 'good');
    await seedScrapes(tenantId, subscriptionId);
    const response = await history(tenantId, '');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      tenantId,
      subscriptionId,
      from: '2026-06-09T12:00:00.000Z',
      to: '2026-06-10T12:00:00.000Z',
      bucketSeconds: 173,
    });
    expect(body.points.map((point: { cpuPercent: number | null }) => point.cpuPercent)).toEqual([
      40,
      60,
      null,
      80,
    ]);
    expect(body.points[2]).toMatchObject({ scrapes: 1, failedScrapes: 1 });
  });

  it('averages into wider buckets over a longer range', async () => {
    const tenantId = randomUUID();
    const { subscriptionId } = await subscription(tenantId, 'good');
    await seedScrapes(tenantId, subscriptionId);
    const response = await history(
      tenantId,
      '?from=2026-06-10T00:00:00Z&to=2026-06-11T00:00:00Z&subscription=' + subscriptionId,
    );
    expect(response.statusCode).toBe(200);
    const wide = await history(tenantId, `?from=2026-05-20T00:00:00Z&to=2026-06-19T00:00:00Z`);
    const body = wide.json();
    expect(body.bucketSeconds).toBe(5184);
    expect(body.points).toEqual([
      expect.objectContaining({ cpuPercent: 10, scrapes: 1 }),
      expect.objectContaining({ cpuPercent: 50, scrapes: 3, failedScrapes: 1 }),
      expect.objectContaining({ cpuPercent: 80, scrapes: 1 }),
    ]);
  });

  it('refuses an inverted or too wide range, and a tenant with nothing to show', async () => {
    const tenantId = randomUUID();
    await subscription(tenantId, 'good');
    const inverted = await history(tenantId, '?from=2026-06-10T00:00:00Z&to=2026-06-09T00:00:00Z');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().detail).toBe('from must be before to');
    const wide = await history(tenantId, '?from=2026-01-01T00:00:00Z&to=2026-06-09T00:00:00Z');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().detail).toBe('The range may span at most 31 days');
    expect((await history(randomUUID(), '')).statusCode).toBe(404);
  });

  it('answers an empty series for a watched app not scraped yet', async () => {
    const tenantId = randomUUID();
    const { subscriptionId } = await subscription(tenantId, 'good');
    const response = await history(tenantId, '');
    expect(response.json()).toMatchObject({ subscriptionId, points: [] });
  });
});
