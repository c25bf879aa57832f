import { readIdentityToken, signIdentityToken } from '@app/service-kit';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { echoBehindGateway, testSecret, type EchoedRequest } from './support.js';

/** A list answer of about 9 KB, as a service sends it: uncompressed. */
const largeList = Array.from({ length: 120 }, (_, index) => ({
  id: `product-${index}`,
  name: `Product number ${index}`,
  description: 'A fintech product with a description long enough to be worth compressing',
}));

const stack = echoBehindGateway({
  extend: (app) => {
    app.get('/api/products/missing', async (_request, reply) =>
      reply.code(404).type('application/problem+json').send({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'Product not found',
      }),
    );
    app.post('/api/admin/products/replayed', async (_request, reply) =>
      reply.code(201).header('idempotent-replayed', 'true').send({ id: 'p-1' }),
    );
    app.get('/api/products/catalogue', async (_request, reply) =>
      reply.header('etag', '"9"').send(largeList),
    );
    app.get('/api/products/revalidated', async (request, reply) => {
      reply.header('etag', 'W/"same"').header('cache-control', 'private, no-cache');
      return request.headers['if-none-match'] === 'W/"same"' ? reply.code(304).send() : largeList;
    });
  },
});

describe('proxying to the owning service', () => {
  it('forwards method, path, query and body as they are and returns the status', async () => {
    const body = JSON.stringify({ name: 'Analytics', basePrice: 49.99, extra: [1, 2] });
    const response = await stack.gateway.inject({
      method: 'PATCH',
      url: '/api/admin/products/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b?include=all&tag=a&tag=b',
      headers: { 'content-type': 'application/json', 'x-test-caller': 'admin' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const echoed = response.json<EchoedRequest>();
    expect(echoed.method).toBe('PATCH');
    expect(echoed.url).toBe(
      '/api/admin/products/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b?include=all&tag=a&tag=b',
    );
    expect(echoed.body).toBe(body);
    expect(echoed.headers['content-type']).toBe('application/json');
  });

  it('forwards JSON bodies byte for byte, never re-serialised', async () => {
    const body = '{ "name" : "A",\n  "price": 1.10 }';
    const response = await stack.gateway.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<EchoedRequest>().body).toBe(body);
  });

  it('forwards HEAD and DELETE', async () => {
    const head = await stack.gateway.inject({ method: 'HEAD', url: '/api/products' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe('"v7"');
    expect(head.body).toBe('');
    const removed = await stack.gateway.inject({
      method: 'DELETE',
      url: '/api/admin/products/p-9',
      headers: { 'x-test-caller': 'admin' },
    });
    expect(removed.json<EchoedRequest>()).toMatchObject({ method: 'DELETE', url: '/api/admin/products/p-9' });
  });

  it('answers 400 problem for a query string the proxy cannot decode', async () => {
    const response = await stack.gateway.inject({ method: 'GET', url: '/api/products?q=%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, type: 'urn:problem:malformed-url' });
  });

  it("passes the service's headers and problem bodies through unchanged", async () => {
    const listed = await stack.gateway.inject({ method: 'GET', url: '/api/products' });
    expect(listed.headers.etag).toBe('"v7"');

    const missing = await stack.gateway.inject({ method: 'GET', url: '/api/products/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Product not found',
    });

    const replayed = await stack.gateway.inject({
      method: 'POST',
      url: '/api/admin/products/replayed',
      headers: { 'x-test-caller': 'admin', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it("replaces a client's identity token with one signed for the caller the gateway knows", async () => {
    // Even a token with the right signature and binding (leaked) only ever stands for the authenticated caller.
    const leakedFor = (url: string) =>
      signIdentityToken({ userId: 'someone-else', role: 'admin' }, testSecret, { method: 'GET', url });
    const refused = await stack.gateway.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { 'x-test-caller': 'tenant', 'x-identity-token': await leakedFor('/api/admin/products') },
    });
    expect(refused.statusCode).toBe(403);

    const leaked = await leakedFor('/api/products?page=2');
    const asTenant = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products?page=2',
      headers: { 'x-test-caller': 'tenant', 'x-identity-token': leaked },
    });
    const token = asTenant.json<EchoedRequest>().headers['x-identity-token'];
    expect(typeof token).toBe('string');
    expect(token).not.toBe(leaked);
    const forwarded = await readIdentityToken(token as string, testSecret);
    expect(forwarded.caller).toEqual({
      userId: 'user-tenant',
      role: 'tenant',
      email: 'tenant@example.com',
      tenantId: 'tenant-1',
    });
    expect(forwarded.request).toEqual({ method: 'GET', url: '/api/products?page=2' });
  });

  it("forwards a visitor's request with a token of the gateway's own, without a caller", async () => {
    const leaked = await signIdentityToken({ userId: 'someone-else', role: 'admin' }, testSecret, {
      method: 'GET',
      url: '/api/products',
    });
    const response = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-identity-token': leaked },
    });
    expect(response.statusCode).toBe(200);
    const token = response.json<EchoedRequest>().headers['x-identity-token'];
    expect(token).not.toBe(leaked);
    const forwarded = await readIdentityToken(String(token), testSecret);
    expect(forwarded.caller).toBeNull();
    expect(forwarded.request).toEqual({ method: 'GET', url: '/api/products' });
  });

  it('refuses a forged identity token outright (service-kit verifies any token it sees)', async () => {
    const before = stack.upstream.received.length;
    const response = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-identity-token': 'forged' },
    });
    expect(response.statusCode).toBe(401);
    expect(stack.upstream.received.length).toBe(before);
  });

  it('propagates the request id to the service and echoes it back', async () => {
    const requestId = `req-${crypto.randomUUID()}`;
    const response = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-request-id': requestId },
    });
    expect(response.json<EchoedRequest>().headers['x-request-id']).toBe(requestId);
    expect(response.headers['x-request-id']).toBe(requestId);

    const generated = await stack.gateway.inject({ method: 'GET', url: '/api/products' });
    const sent = generated.json<EchoedRequest>().headers['x-request-id'];
    expect(sent).toEqual(expect.any(String));
    expect(generated.headers['x-request-id']).toBe(sent);
  });

  it('passes trace context through and sets forwarding headers, without hop-by-hop headers', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const response = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products',
      headers: {
        traceparent,
        tracestate: 'vendor=opaque',
        host: 'shop.example.com',
        'x-forwarded-for': '203.0.113.9',
        'proxy-authorization': 'Basic c2VjcmV0',
        te: 'trailers',
        'keep-alive': 'timeout=5',
      },
    });
    const { headers } = response.json<EchoedRequest>();
    expect(headers.traceparent).toBe(traceparent);
    expect(headers.tracestate).toBe('vendor=opaque');
    expect(headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe('shop.example.com');
    expect(headers.host).toBe(new URL(stack.upstream.url).host);
    expect(headers['proxy-authorization']).toBeUndefined();
    expect(headers.te).toBeUndefined();
    expect(headers['keep-alive']).toBeUndefined();
  });
});

describe('compressing answers', () => {
  const get = (url: string, acceptEncoding?: string) =>
    stack.gateway.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends an answer over 1 KB in brotli or gzip to a client that accepts it, the same JSON once decoded', async () => {
    const brotli = await get('/api/products/catalogue', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(JSON.stringify(largeList).length / 4);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(largeList);

    const gzip = await get('/api/products/catalogue', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(largeList);
  });

  it("weakens the service's strong ETag on an answer it encodes, so no two encodings share a strong tag", async () => {
    expect((await get('/api/products/catalogue', 'br')).headers.etag).toBe('W/"9"');
    expect((await get('/api/products/catalogue')).headers.etag).toBe('"9"');
  });

  it('passes If-None-Match to the service and its 304 back, with no body and no encoding', async () => {
    const response = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products/revalidated',
      headers: { 'if-none-match': 'W/"same"', 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers.etag).toBe('W/"same"');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBeUndefined();
  });

  it('sends it as it is to a client that accepts no encoding, and a small answer as it is to anyone', async () => {
    const plain = await get('/api/products/catalogue');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(largeList);

    const small = await get('/api/products/missing', 'gzip, br');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ detail: 'Product not found' });
  });
});
