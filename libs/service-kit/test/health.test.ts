import { describe, expect, it } from 'vitest';
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
