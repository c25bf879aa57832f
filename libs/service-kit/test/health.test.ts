import { describe, expect, it } from 'vitest';
import type { LagProbe } from '../src/index.js';
import { testService } from './support.js';

describe('health', () => {
  it('answers live while the process runs', async () => {
    const app = await testService({
      readiness: [{ name: 'broken', check: () => Promise.reject(new Error('down')) }],
    });

    const response = await app.inject({ method: 'GET', url: '/health/live' });

    expect(response.statusCode).toBe(200);
    await app.close();
  });

  it('is ready when every check passes, with each check timed', async () => {
    const app = await testService({
      readiness: [
        { name: 'postgres', check: async () => {} },
        { name: 'nats', check: async () => {} },
      ],
    });

    const response = await app.inject({ method: 'GET', url: '/health/ready' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: [
        { name: 'postgres', status: 'ok', latencyMs: expect.any(Number) as unknown },
        { name: 'nats', status: 'ok', latencyMs: expect.any(Number) as unknown },
      ],
    });
    await app.close();
  });

  it('is not ready when one check fails, and says which', async () => {
    const app = await testService({
      readiness: [
        { name: 'postgres', check: async () => {} },
        { name: 'nats', check: () => Promise.reject(new Error('connection refused')) },
      ],
    });

    const response = await app.inject({ method: 'GET', url: '/health/ready' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'unavailable',
      checks: [
        { name: 'postgres', status: 'ok' },
        { name: 'nats', status: 'failed', error: 'connection refused' },
      ],
    });
    await app.close();
  });

  it('counts a check that hangs past the timeout as failed', async () => {
    const app = await testService({
      readinessTimeoutMs: 50,
      readiness: [{ name: 'event store', check: () => new Promise<void>(() => {}) }],
    });

    const response = await app.inject({ method: 'GET', url: '/health/ready' });

    expect(response.statusCode).toBe(503);
    expect(response.json().checks[0]).toMatchObject({ status: 'failed', error: 'timed out after 50 ms' });
    await app.close();
  });

  it('is not ready once a shutdown has begun', async () => {
    const app = await testService({ readiness: [{ name: 'postgres', check: async () => {} }] });

    app.markNotReady();
    const response = await app.inject({ method: 'GET', url: '/health/ready' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'shutting-down' });
    await app.close();
  });
});

describe('readiness lag', () => {
  const probe = (measured: Awaited<ReturnType<LagProbe['measure']>>): LagProbe => ({
    degradedAfterMs: 30_000,
    countLimit: 10_000,
    measure: async () => measured,
  });

  it('reports each projection’s and the relay’s lag, and stays ok while under the threshold', async () => {
    const app = await testService({ readiness: [{ name: 'postgres', check: async () => {} }] });
    const projections = [
      { name: 'catalog.products.v1', behindEvents: 0, oldestUnappliedAgeMs: null },
      { name: 'catalog.product-slugs.v1', behindEvents: 12, oldestUnappliedAgeMs: 30_000 },
    ];
    app.setLagProbe(probe({ projections, relay: { behindEvents: 3, oldestUnpublishedAgeMs: 250 } }));

    const response = await app.inject({ method: 'GET', url: '/health/ready' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: [{ name: 'postgres', status: 'ok', latencyMs: expect.any(Number) as unknown }],
      lag: {
        status: 'ok',
        degradedAfterMs: 30_000,
        countLimit: 10_000,
        projections,
        relay: { behindEvents: 3, oldestUnpublishedAgeMs: 250 },
      },
    });
    await app.close();
  });

  it.each([
    ['a projection', [{ name: 'p.v1', behindEvents: 40, oldestUnappliedAgeMs: 30_001 }], null],
    ['the relay', [], { behindEvents: null, oldestUnpublishedAgeMs: 45_000 }],
  ])(
    'is degraded, still 200, when %s is behind by more than the threshold',
    async (_, projections, relay) => {
      const app = await testService({ readiness: [{ name: 'postgres', check: async () => {} }] });
      app.setLagProbe(probe({ projections, relay }));

      const response = await app.inject({ method: 'GET', url: '/health/ready' });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        lag: { status: 'lagging', projections, relay },
      });
      await app.close();
    },
  );

  it('is unavailable when a check fails, however small the lag', async () => {
    const app = await testService({
      readiness: [{ name: 'postgres', check: () => Promise.reject(new Error('connection refused')) }],
    });
    app.setLagProbe(probe({ projections: [], relay: { behindEvents: 0, oldestUnpublishedAgeMs: null } }));

    const response = await app.inject({ method: 'GET', url: '/health/ready' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', lag: { status: 'ok' } });
    await app.close();
  });

  it.each([
    [
      'fails',
      () => Promise.reject(new Error('relation "checkpoints" does not exist')),
      'relation "checkpoints" does not exist',
    ],
    ['hangs', () => new Promise<never>(() => {}), 'lag not measured within 50 ms'],
  ])(
    'says the lag is unknown, and why, when measuring it %s, without failing readiness',
    async (_, measure, error) => {
      const app = await testService({ readinessTimeoutMs: 50 });
      app.setLagProbe({ degradedAfterMs: 30_000, countLimit: 10_000, measure });

      const response = await app.inject({ method: 'GET', url: '/health/ready' });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        checks: [],
        lag: {
          status: 'unknown',
          degradedAfterMs: 30_000,
          countLimit: 10_000,
          projections: [],
          relay: null,
          error,
        },
      });
      await app.close();
    },
  );
});

describe('metrics', () => {
  it('records request durations labelled by route pattern, not raw URL', async () => {
    const app = await testService();
    app.get('/products/:id', { config: { policy: 'public' } }, async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/products/42' });
    await app.inject({ method: 'GET', url: '/products/43' });

    const response = await app.inject({ method: 'GET', url: '/metrics' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/products/:id",status_code="200"} 2',
    );
    expect(response.body).not.toContain('/products/42');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    await app.close();
  });

  it('keeps each app’s metrics apart in one process', async () => {
    const first = await testService();
    const second = await testService();
    first.get('/only-first', { config: { policy: 'public' } }, async () => ({}));
    await first.inject({ method: 'GET', url: '/only-first' });

    const metrics = await second.inject({ method: 'GET', url: '/metrics' });

    expect(metrics.body).not.toContain('/only-first');
    await Promise.all([first.close(), second.close()]);
  });
});

describe('openapi', () => {
  it('serves the document generated from zod schemas when configured', async () => {
    const { z } = await import('zod');
    const app = await testService({
      openapi: { title: 'Test API', description: 'For tests' },
      version: '1.2.3',
    });
    app.post(
      '/things',
      { config: { policy: 'admin' }, schema: { body: z.object({ name: z.string() }) } },
      async () => ({}),
    );

    const response = await app.inject({ method: 'GET', url: '/openapi.json' });

    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.info).toEqual({ title: 'Test API', description: 'For tests', version: '1.2.3' });
    expect(document.paths['/things'].post.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
    expect(document.paths['/health/ready']).toBeUndefined();
    await app.close();
  });

  it('has no document route without openapi options', async () => {
    const app = await testService();

    const response = await app.inject({ method: 'GET', url: '/openapi.json' });

    expect(response.statusCode).toBe(404);
    await app.close();
  });
});
