import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { anonymousAuthenticator, checkAccess } from '../src/access.js';
import { buildGateway } from '../src/app.js';
import { adminCaller, echoBehindGateway, tenantCaller, testConfig } from './support.js';

const stack = echoBehindGateway();

describe('access enforcement at the gateway', () => {
  it('answers 401 problem for an admin path without a caller, without contacting the service', async () => {
    const before = stack.upstream.received.length;
    const response = await stack.gateway.inject({ method: 'DELETE', url: '/api/admin/products/p-1' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 401, instance: '/api/admin/products/p-1' });
    expect(stack.upstream.received.length).toBe(before);
  });

  it('answers 403 problem for an admin path called by a tenant', async () => {
    const response = await stack.gateway.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { 'x-test-caller': 'tenant', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403 });
  });

  it('lets an admin through', async () => {
    const response = await stack.gateway.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { 'x-test-caller': 'admin' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets visitors read public paths', async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 problem naming the path when no service owns it', async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: '/api/unknown/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, detail: 'No service owns /api/unknown/thing' });
  });

  it('leaves paths outside /api/ to service-kit: 404 problem, and its health routes', async () => {
    const missing = await stack.gateway.inject({ method: 'GET', url: '/products' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    const live = await stack.gateway.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
  });

  it('never forwards a trick path', async () => {
    // Over a real socket: inject() would normalise the dot segments before the gateway saw them.
    const address = await stack.gateway.listen({ port: 0, host: '127.0.0.1' });
    const before = stack.upstream.received.length;
    for (const path of [
      '/api/products/../admin/products',
      '/api/products/%2e%2e/admin/products',
      '/api/products/..%2fadmin/products',
      '/api/productsX',
    ]) {
      expect(await rawGetStatus(address, path), path).toBe(404);
    }
    expect(stack.upstream.received.length).toBe(before);
  });

  it('treats everyone as a visitor with the anonymous authenticator', async () => {
    const anonymous = await buildGateway({
      config: testConfig({ CATALOG_URL: stack.upstream.url }),
      authenticate: anonymousAuthenticator,
    });
    try {
      const response = await anonymous.inject({
        method: 'GET',
        url: '/api/admin/products',
        headers: { 'x-test-caller': 'admin' },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await anonymous.close();
    }
  });
});

/** node:http sends an options `path` exactly as given, dot segments included (a URL string would be normalised). */
function rawGetStatus(base: string, path: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('checkAccess', () => {
  it.each([
    ['public', null, true],
    ['signed-in', null, 401],
    ['signed-in', tenantCaller, true],
    ['signed-in', adminCaller, true],
    ['admin', null, 401],
    ['admin', tenantCaller, 403],
    ['admin', adminCaller, true],
  ] as const)('%s for %o → %s', (access, caller, expected) => {
    const decision = checkAccess(access, caller);
    expect(decision.allowed ? true : decision.status).toBe(expected);
  });
});
