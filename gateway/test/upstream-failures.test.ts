import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';
import { closedPortUrl, headerAuthenticator, startEchoUpstream, testConfig } from './support.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gatewayFor(overrides: Partial<GatewayConfig>): Promise<FastifyInstance> {
  const gateway = await buildGateway({ config: testConfig(overrides), authenticate: headerAuthenticator });
  cleanups.push(() => gateway.close());
  return gateway;
}

async function upstream(extend?: Parameters<typeof startEchoUpstream>[0]) {
  const started = await startEchoUpstream(extend);
  cleanups.push(() => started.app.close());
  return started;
}

describe('when the service fails', () => {
  it('answers 503 problem when nothing listens', async () => {
    const gateway = await gatewayFor({ CATALOG_URL: await closedPortUrl() });
    const response = await gateway.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 503, detail: 'Catalog service is unavailable.' });
  });

  it('answers 504 problem when the service does not answer in time', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { url } = await upstream((app) => {
      app.get('/api/products', async () => {
        await held;
        return [];
      });
    });
    cleanups.push(async () => release());
    const gateway = await gatewayFor({ CATALOG_URL: url, UPSTREAM_TIMEOUT_MS: 150 });
    const response = await gateway.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({
      status: 504,
      detail: 'Catalog service did not respond in time.',
    });
  });

  it("passes the service's own 503 through once, without retrying", async () => {
    const { url, received } = await upstream((app) => {
      app.get('/api/products', async (request, reply) => {
        received.push({ method: request.method, url: request.url, headers: request.headers, body: '' });
        return reply.code(503).type('application/problem+json').send({ status: 503, detail: 'Not ready' });
      });
    });
    const gateway = await gatewayFor({ CATALOG_URL: url });
    const response = await gateway.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 503, detail: 'Not ready' });
    expect(received).toHaveLength(1);
  });
});

describe('the body limit', () => {
  it('refuses a declared length over the limit with 413 without contacting the service', async () => {
    const { url, received } = await upstream();
    const gateway = await gatewayFor({ CATALOG_URL: url, BODY_LIMIT_BYTES: 1024 });
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(2000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      status: 413,
      detail: 'The request body exceeds the limit of 1024 bytes.',
    });
    expect(received).toHaveLength(0);
  });

  it('refuses a streamed body once it passes the limit', async () => {
    const { url } = await upstream();
    const gateway = await gatewayFor({ CATALOG_URL: url, BODY_LIMIT_BYTES: 1024 });
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(512, 'a'));
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { 'content-type': 'application/json' },
      payload: Readable.from(chunks),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, type: 'urn:problem:body-too-large' });
  });

  it('streams a body at the limit through', async () => {
    const { url } = await upstream();
    const gateway = await gatewayFor({ CATALOG_URL: url, BODY_LIMIT_BYTES: 1024 });
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { 'content-type': 'application/json' },
      payload: Readable.from([Buffer.alloc(512, 'a'), Buffer.alloc(512, 'b')]),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ body: string }>().body).toBe('a'.repeat(512) + 'b'.repeat(512));
  });

  it('answers 413 over a real connection while the client is still sending a chunked body', async () => {
    const { url, received } = await upstream();
    const gateway = await gatewayFor({ CATALOG_URL: url, BODY_LIMIT_BYTES: 1024 });
    const address = new URL(await gateway.listen({ port: 0, host: '127.0.0.1' }));
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest(
        { hostname: address.hostname, port: address.port, path: '/api/products/import', method: 'POST' },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.setHeader('content-type', 'application/json');
      // No Content-Length: node sends it chunked, so only counting the bytes can catch it.
      for (let i = 0; i < 64; i += 1) req.write(Buffer.alloc(1024, 'z'));
    });
    expect(status).toBe(413);
    expect(received.filter((r) => r.url === '/api/products/import')).toHaveLength(0);
  });
});
