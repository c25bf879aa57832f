import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemHealthEntry } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import type { MonitoringApp } from '../../src/app.js';
import { createPlatformHealth } from '../../src/health/platform-health.js';
import { startLocalServer } from '@app/test-support/local-server';
import {
  startMonitoringApp,
  startMonitoringStorage,
  type MonitoringStorage,
} from '../support/monitoring-harness.js';

type Server = Awaited<ReturnType<typeof startLocalServer>>;
const servers: Server[] = [];
let storage: MonitoringStorage;
let app: MonitoringApp;
let stoppedUrl: string;

const check = (name: string, latencyMs: number, error?: string) => ({
  name,
  status: error ? 'failed' : 'ok',
  latencyMs,
  ...(error ? { error } : {}),
});

/** A service-kit readiness endpoint answering `status` with `body`, after `delayMs`. */
async function readiness(status: number, body: object, delayMs = 0): Promise<string> {
  const server = await startLocalServer((instance) => {
    instance.get('/health/ready', async (_request, reply) => {
      if (delayMs) await delay(delayMs);
      return reply.code(status).send(body);
    });
  });
  servers.push(server);
  return server.origin;
}

beforeAll(async () => {
  storage = await startMonitoringStorage();
  const healthy = (latency: number) => ({
    status: 'ok',
    checks: [check('postgres', latency), check('event store', latency + 1), check('nats', 1)],
  });
  const stopped = await startLocalServer(() => undefined);
  stoppedUrl = stopped.origin;
  await stopped.close();
  const health = createPlatformHealth({
    components: [
      { name: 'Gateway', kind: 'gateway', url: await readiness(200, { status: 'ok', checks: [] }) },
      { name: 'Catalog', kind: 'service', url: await readiness(200, healthy(3)) },
      {
        name: 'Identity',
        kind: 'service',
        url: await readiness(503, {
          status: 'unavailable',
          checks: [
            check('postgres', 4),
            check('event store', 5),
            check('nats', 2_000, 'timed out after 2000 ms'),
          ],
        }),
      },
      {
        name: 'Tenancy',
        kind: 'service',
        url: await readiness(503, { status: 'shutting-down', checks: [] }),
      },
      { name: 'Billing', kind: 'service', url: stoppedUrl },
    ],
    self: {
      name: 'Monitoring',
      checks: [{ name: 'postgres', check: async () => void (await storage.pool.query('SELECT 1')) }],
    },
    now: () => new Date('2026-06-10T12:00:00Z'),
  });
  app = await startMonitoringApp(storage, { scraper: { scrapeNow: async () => null }, health });
});
afterAll(async () => {
  await app?.close();
  for (const server of servers) await server.close();
  await storage?.close();
});

describe('GET /api/admin/health', () => {
  it('reports every service, the gateway and the shared dependencies', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/health',
      headers: await identityHeaders('admin'),
    });
    expect(response.statusCode).toBe(200);
    const entries = response.json<SystemHealthEntry[]>();
    const byName = Object.fromEntries(entries.map((entry) => [entry.name, entry]));
    expect(entries.map((entry) => [entry.name, entry.status])).toEqual([
      ['Gateway', 'operational'],
      ['Catalog', 'operational'],
      ['Identity', 'degraded'],
      ['Tenancy', 'down'],
      ['Billing', 'down'],
      ['Monitoring', 'operational'],
      ['PostgreSQL', 'operational'],
      ['Event store', 'operational'],
      ['NATS', 'degraded'],
    ]);
    for (const entry of entries) {
      expect(entry.checkedAt).toBe('2026-06-10T12:00:00.000Z');
      expect(entry.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(byName.Identity?.details).toMatchObject({
      kind: 'service',
      reason: 'Not ready: nats (timed out after 2000 ms) failed',
    });
    expect(byName.Billing?.details.reason).toMatch(/^Not reachable: ECONNREFUSED/);
    expect(byName.Catalog?.details.checks).toHaveLength(3);
    expect(byName.NATS).toMatchObject({
      latencyMs: 2_000,
      details: { kind: 'dependency', reason: 'Failing for Identity' },
    });
    expect(byName.PostgreSQL?.details.reportedBy?.map((report) => report.service)).toEqual([
      'Catalog',
      'Identity',
      'Monitoring',
    ]);
  });

  it('marks a service that answers slowly as degraded and one that does not answer in time as down', async () => {
    const health = createPlatformHealth({
      components: [
        { name: 'Slow', kind: 'service', url: await readiness(200, { status: 'ok', checks: [] }, 1_100) },
      ],
      self: { name: 'Monitoring', checks: [] },
      timeoutMs: 1_500,
    });
    const hung = createPlatformHealth({
      components: [
        { name: 'Hung', kind: 'service', url: await readiness(200, { status: 'ok', checks: [] }, 2_000) },
      ],
      self: { name: 'Monitoring', checks: [] },
      timeoutMs: 300,
    });
    const [slow] = await health.check();
    expect(slow).toMatchObject({
      name: 'Slow',
      status: 'degraded',
      details: { reason: expect.stringMatching(/slowly/) },
    });
    const [timedOut] = await hung.check();
    expect(timedOut).toMatchObject({
      status: 'down',
      details: { reason: 'Not reachable: no answer within 300 ms' },
    });
  });

  it('carries each service’s projection and relay lag, and marks one lagging past its threshold degraded', async () => {
    const lag = (oldestUnappliedAgeMs: number | null, status: 'ok' | 'lagging') => ({
      status,
      degradedAfterMs: 30_000,
      countLimit: 10_000,
      projections: [
        { name: 'catalog.products.v1', behindEvents: 0, oldestUnappliedAgeMs: null },
        {
          name: 'catalog.slugs.v1',
          behindEvents: oldestUnappliedAgeMs === null ? 0 : 10_000,
          oldestUnappliedAgeMs,
        },
      ],
      relay: { behindEvents: 2, oldestUnpublishedAgeMs: 800 },
    });
    const ready = (body: object) => readiness(200, { checks: [check('postgres', 2)], ...body });
    const health = createPlatformHealth({
      components: [
        {
          name: 'Lagging',
          kind: 'service',
          url: await ready({ status: 'degraded', lag: lag(45_400, 'lagging') }),
        },
        { name: 'Current', kind: 'service', url: await ready({ status: 'ok', lag: lag(null, 'ok') }) },
        {
          name: 'Garbled',
          kind: 'service',
          url: await ready({ status: 'ok', lag: { projections: 'many' } }),
        },
      ],
      self: { name: 'Monitoring', checks: [] },
    });

    const lagApp = await startMonitoringApp(storage, { scraper: { scrapeNow: async () => null }, health });
    const response = await lagApp.inject({
      method: 'GET',
      url: '/api/admin/health',
      headers: await identityHeaders('admin'),
    });
    await lagApp.close();
    expect(response.statusCode).toBe(200);
    const [lagging, current, garbled] = response.json<SystemHealthEntry[]>();

    expect(lagging).toMatchObject({
      name: 'Lagging',
      status: 'degraded',
      details: {
        kind: 'service',
        reason: 'Lagging: projection catalog.slugs.v1 at least 10000 events behind, the oldest 45 s old',
        lag: lag(45_400, 'lagging'),
      },
    });
    expect(current).toMatchObject({ status: 'operational', details: { lag: lag(null, 'ok') } });
    expect(current?.details.reason).toBeUndefined();
    expect(garbled).toMatchObject({ status: 'operational', details: { checks: [check('postgres', 2)] } });
    expect(garbled?.details.lag).toBeUndefined();
  });

  it('is for admins only', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/health',
      headers: await identityHeaders('tenant'),
    });
    expect(response.statusCode).toBe(403);
  });
});
