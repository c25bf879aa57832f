import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServiceApp } from '../src/index.js';
import { testService } from './support.js';

const publicRoute = { config: { policy: 'public' as const } };

describe('query parameters a route does not declare', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService();
    app.get('/invoices', publicRoute, async () => []);
    app.get(
      '/usage',
      {
        ...publicRoute,
        schema: {
          querystring: z
            .strictObject({ from: z.string().optional(), to: z.string().optional() })
            .refine(() => true),
        },
      },
      async () => [],
    );
    app.get(
      '/metrics-history',
      { ...publicRoute, schema: { querystring: z.object({ limit: z.coerce.number() }).transform((q) => q) } },
      async () => [],
    );
    app.get(
      '/login',
      { ...publicRoute, schema: { querystring: z.looseObject({ returnTo: z.string().optional() }) } },
      async () => 'page',
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses any parameter on a route that declares none, with a 400 naming it', async () => {
    const response = await app.inject({ method: 'GET', url: '/invoices?status=paid' });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      type: 'urn:problem:unknown-query-parameter',
      detail: 'Unknown query parameter "status". This address takes no query parameters.',
      errors: [{ path: 'status', message: 'Unknown query parameter' }],
    });
  });

  it('refuses a parameter its schema does not declare and says which it takes', async () => {
    const response = await app.inject({ method: 'GET', url: '/usage?from=2026-01-01&form=x&page=2' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: 'Unknown query parameters "form", "page". It takes: from, to.',
      errors: [{ path: 'form' }, { path: 'page' }],
    });
  });

  it('reads the parameters of a schema behind a transform', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics-history?limit=5' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/metrics-history?limit=5&x=1' })).statusCode).toBe(400);
  });

  it('takes the declared parameters and an empty query', async () => {
    expect((await app.inject({ method: 'GET', url: '/usage?from=a&to=b' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/invoices' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/invoices?' })).statusCode).toBe(200);
  });

  it('takes any parameter where the schema is loose (a page others link to)', async () => {
    const response = await app.inject({ method: 'GET', url: '/login?returnTo=/x&utm_source=mail' });

    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown route 404 whatever its query', async () => {
    expect((await app.inject({ method: 'GET', url: '/nowhere?x=1' })).statusCode).toBe(404);
  });

  it('does not echo a huge parameter name back', async () => {
    const response = await app.inject({ method: 'GET', url: `/invoices?${'n'.repeat(5000)}=1` });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(`${'n'.repeat(64)}…`);
    expect(response.body.length).toBeLessThan(1500);
  });

  it('fails at startup on a querystring schema whose parameters it cannot read', async () => {
    const broken = await testService();
    const either = z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]);
    const start = async () => {
      broken.get('/odd', { ...publicRoute, schema: { querystring: either } }, async () => []);
      await broken.ready();
    };

    await expect(start()).rejects.toThrow(/querystring schema must be a zod object/);
    await broken.close();
  });

  it('is off where the app forwards queries to others (the gateway)', async () => {
    const forwarding = await testService({ unknownQueryParameters: 'forward' });
    forwarding.get('/api/*', publicRoute, async () => 'forwarded');
    await forwarding.ready();

    expect((await forwarding.inject({ method: 'GET', url: '/api/invoices?x=1' })).statusCode).toBe(200);
    await forwarding.close();
  });
});
