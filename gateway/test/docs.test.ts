import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { mergeOpenApi } from '../src/docs/merge-openapi.js';
import { createMergedDocs } from '../src/docs/openapi-source.js';
import { buildRouteTable, type RouteEntry } from '../src/route-table.js';
import { closedPortUrl, headerAuthenticator, listen, testConfig } from './support.js';

const catalogDoc = {
  openapi: '3.0.3',
  info: { title: 'catalog', version: '1' },
  paths: {
    '/api/products': { get: { summary: 'List products' } },
    '/api/admin/products/{id}': {
      patch: { summary: 'Edit a product' },
      parameters: [{ name: 'id', in: 'path' }],
    },
    '/health/live': { get: { summary: 'Liveness' } },
  },
  components: { schemas: { Product: { type: 'object' }, Problem: { type: 'object', title: 'Problem' } } },
  tags: [{ name: 'products' }],
};

const tenancyDoc = {
  openapi: '3.0.3',
  info: { title: 'tenancy', version: '1' },
  paths: {
    '/api/admin/products/{id}/subscriptions': { get: { summary: 'Subscriptions of a product' } },
    '/api/products': { get: { summary: 'Not tenancy-owned, must be dropped' } },
  },
  components: { schemas: { Tenant: { type: 'object' }, Problem: { type: 'object', title: 'Problem' } } },
};

async function docServer(
  document: unknown,
): Promise<{ app: FastifyInstance; url: string; hits: () => number }> {
  const app = Fastify();
  let hits = 0;
  app.get('/openapi.json', async () => {
    hits += 1;
    return document;
  });
  return { app, url: await listen(app), hits: () => hits };
}

let catalog: Awaited<ReturnType<typeof docServer>>;
let tenancy: Awaited<ReturnType<typeof docServer>>;

beforeAll(async () => {
  catalog = await docServer(catalogDoc);
  tenancy = await docServer(tenancyDoc);
});

afterAll(async () => {
  await catalog?.app.close();
  await tenancy?.app.close();
});

describe('merged API documentation', () => {
  const entries: RouteEntry[] = [
    { pattern: '/api/products', service: 'catalog', access: 'public' },
    { pattern: '/api/admin/products/*', service: 'catalog', access: 'admin' },
    { pattern: '/api/admin/products/:id/subscriptions', service: 'tenancy', access: 'admin' },
  ];

  it("merges each service's routed paths and components into one document", async () => {
    const services = { catalog: catalog.url, tenancy: tenancy.url };
    const docs = createMergedDocs({ services, table: buildRouteTable(services, entries) });
    const document = await docs.document();
    expect(Object.keys(document.paths ?? {}).sort()).toEqual([
      '/api/admin/products/{id}',
      '/api/admin/products/{id}/subscriptions',
      '/api/products',
    ]);
    expect(document.paths?.['/api/products']).toEqual(catalogDoc.paths['/api/products']);
    expect(document.paths?.['/api/admin/products/{id}']).toEqual(
      catalogDoc.paths['/api/admin/products/{id}'],
    );
    expect(Object.keys(document.components?.schemas ?? {}).sort()).toEqual(['Problem', 'Product', 'Tenant']);
    expect(document.tags).toEqual([{ name: 'products' }]);
  });

  it("keeps each service's webhooks, which are no gateway routes, in a 3.1 document", () => {
    const paid = { post: { summary: 'billing.invoice.paid.v1' } };
    const notifications = {
      openapi: '3.1.0',
      info: { title: 'notifications', version: '1' },
      paths: {},
      webhooks: { 'billing.invoice.paid.v1': paid },
    };
    const document = mergeOpenApi(
      [
        { service: 'catalog', document: catalogDoc },
        { service: 'notifications', document: notifications },
      ],
      buildRouteTable({ catalog: 'http://catalog.test' }, entries),
    );
    expect(document.openapi).toBe('3.1.0');
    expect(document.webhooks).toEqual({ 'billing.invoice.paid.v1': paid });
    expect(
      mergeOpenApi([{ service: 'catalog', document: catalogDoc }], buildRouteTable({}, entries)),
    ).not.toHaveProperty('webhooks');
  });

  it('leaves a service that is down out, with a note, and caches the result for a while', async () => {
    let now = 1_000;
    const services = { catalog: catalog.url, tenancy: await closedPortUrl() };
    const docs = createMergedDocs({ services, table: buildRouteTable(services, entries), now: () => now });
    const before = catalog.hits();
    const document = await docs.document();
    expect(document.info.description).toContain("The tenancy service's API is missing");
    expect(Object.keys(document.paths ?? {})).not.toContain('/api/admin/products/{id}/subscriptions');
    expect(document.paths).toHaveProperty(['/api/products']);

    await docs.document();
    expect(catalog.hits()).toBe(before + 1);
    now += 31_000;
    await docs.document();
    expect(catalog.hits()).toBe(before + 2);
  });
});

describe('the gateway docs routes', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    gateway = await buildGateway({
      config: testConfig({ CATALOG_URL: catalog.url }),
      authenticate: headerAuthenticator,
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('serves the merged document at /api/docs/openapi.json', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      openapi: '3.0.3',
      paths: { '/api/products': expect.any(Object) },
    });
    expect(response.json()).not.toHaveProperty(['paths', '/health/live']);
  });

  it('serves Swagger UI and only its own assets', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');

    const bundle = await gateway.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toContain('SwaggerUIBundle');
    const init = await gateway.inject({ method: 'GET', url: '/api/docs/static/init.js' });
    expect(init.body).toContain("url: '/api/docs/openapi.json'");

    const other = await gateway.inject({ method: 'GET', url: '/api/docs/static/package.json' });
    expect(other.statusCode).toBe(404);
  });
});
