import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { echoBehindGateway } from './support.js';

const upstreamPolicy = "default-src 'none'; frame-ancestors 'none'";
const stack = echoBehindGateway({
  services: ['CATALOG_URL', 'IDENTITY_URL'],
  extend: (app) => {
    app.get('/api/login', async (_request, reply) =>
      reply.header('content-security-policy', upstreamPolicy).type('text/html').send('<form></form>'),
    );
  },
});
let trustingGateway: FastifyInstance;

beforeAll(async () => {
  trustingGateway = await stack.gatewayWith({ TRUST_PROXY: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self' https://js.stripe.com");
  expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('are on proxied answers', async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response.headers);
  });

  it("keep a service's own Content-Security-Policy", async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: '/api/login' });
    expect(response.headers['content-security-policy']).toBe(upstreamPolicy);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("are on the gateway's own answers: docs, its problems, and a request refused before routing", async () => {
    const docs = await stack.gateway.inject({ method: 'GET', url: '/api/docs' });
    const notFound = await stack.gateway.inject({ method: 'GET', url: '/nowhere' });
    const forged = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-identity-token': 'forged' },
    });
    expect([docs.statusCode, notFound.statusCode, forged.statusCode]).toEqual([200, 404, 401]);
    for (const response of [docs, notFound, forged]) expectSecurityHeaders(response.headers);
  });

  it('add HSTS only when the browser came over https, as a trusted proxy reports it', async () => {
    const tls = { 'x-forwarded-proto': 'https' };
    const plain = await stack.gateway.inject({ method: 'GET', url: '/api/products', headers: tls });
    const trusted = await trustingGateway.inject({ method: 'GET', url: '/api/products', headers: tls });
    const trustedPlain = await trustingGateway.inject({ method: 'GET', url: '/api/products' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(trusted.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(trustedPlain.headers['strict-transport-security']).toBeUndefined();
  });
});
