import { describe, expect, it } from 'vitest';
import { echoBehindGateway } from './support.js';

const stack = echoBehindGateway();

describe('hostile URLs at the gateway', () => {
  it('answers a huge path no service owns with a 404 problem that does not repeat it whole', async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: `/api/nothing/${'x'.repeat(8_000)}` });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ type: 'urn:problem:route-not-found' });
    expect(response.body.length).toBeLessThan(1_500);
  });

  it('answers malformed percent-encoding with a 400 problem, before any service is asked', async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'urn:problem:malformed-url' });
    expect(stack.upstream.received).toHaveLength(0);
  });

  it('refuses a NUL in the path or the query with a 400 naming where it was, before any service is asked', async () => {
    const inPath = await stack.gateway.inject({ method: 'GET', url: '/api/products/a%00b' });
    const inQuery = await stack.gateway.inject({ method: 'GET', url: '/api/products?q=%00' });

    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toMatchObject({ type: 'urn:problem:unstorable-text', errors: [{ path: 'path' }] });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({ type: 'urn:problem:unstorable-text', errors: [{ path: 'q' }] });
    expect(stack.upstream.received).toHaveLength(0);
  });

  it('forwards query parameters it does not know: the service decides which it takes', async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: '/api/products?anything=1' });

    expect(response.statusCode).toBe(200);
    expect(stack.upstream.received.at(-1)?.url).toBe('/api/products?anything=1');
  });
});
