import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEtag, etagOf, ifNoneMatchNames, weakEtag, type ServiceApp } from '../src/index.js';
import { testService } from './support.js';

const publicRoute = { config: { policy: 'public' as const } };
const products = [{ id: 'p-1', name: 'Analytics' }];

describe('conditional GET on every service', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService();
    app.get('/products', publicRoute, async () => products);
    app.get('/products/p-1', publicRoute, async (_request, reply) => {
      reply.header('etag', etagOf(3));
      return products[0];
    });
    app.get('/me', publicRoute, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { id: 'u-1' };
    });
    app.post('/products', publicRoute, async (_request, reply) => reply.code(201).send(products[0]));
    app.get('/missing', publicRoute, async (_request, reply) => reply.code(404).send({ status: 404 }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('tags a 200 with the digest of the bytes sent, and asks browsers to revalidate', async () => {
    const response = await app.inject({ method: 'GET', url: '/products' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(contentEtag(response.body));
    expect(response.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 without a body to a request whose If-None-Match names the tag', async () => {
    const first = await app.inject({ method: 'GET', url: '/products' });
    const etag = String(first.headers.etag);
    const response = await app.inject({
      method: 'GET',
      url: '/products',
      headers: { 'if-none-match': etag },
    });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-type']).toBeUndefined();
    expect(response.headers['content-length']).toBeUndefined();
  });

  it('compares weakly, within a list, and takes * as any', async () => {
    const etag = String((await app.inject({ method: 'GET', url: '/products' })).headers.etag);
    const strong = etag.slice(2);
    for (const field of [strong, `"other", ${etag}`, `,"a,b" , ${strong}`, '*']) {
      const response = await app.inject({
        method: 'GET',
        url: '/products',
        headers: { 'if-none-match': field },
      });
      expect(response.statusCode, field).toBe(304);
    }
  });

  it('sends the whole answer when the tag is another, or the field is malformed', async () => {
    for (const field of ['W/"stale"', 'W/x', `${contentEtag('[]')}`]) {
      const response = await app.inject({
        method: 'GET',
        url: '/products',
        headers: { 'if-none-match': field },
      });
      expect(response.statusCode, field).toBe(200);
      expect(response.json()).toEqual(products);
    }
  });

  it('answers HEAD the same way', async () => {
    const etag = String((await app.inject({ method: 'GET', url: '/products' })).headers.etag);
    const head = await app.inject({ method: 'HEAD', url: '/products', headers: { 'if-none-match': etag } });
    expect(head.statusCode).toBe(304);
    expect(head.headers.etag).toBe(etag);
    expect(head.headers['content-length']).toBeUndefined();
  });

  it('keeps a revision ETag and never answers 304 from it: the revision does not cover the whole body', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/products/p-1',
      headers: { 'if-none-match': etagOf(3) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"3"');
    expect(response.json()).toEqual(products[0]);
  });

  it("keeps a route's own Cache-Control", async () => {
    const response = await app.inject({ method: 'GET', url: '/me' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBe(contentEtag(response.body));
  });

  it('leaves commands and errors alone', async () => {
    const created = await app.inject({ method: 'POST', url: '/products', payload: {} });
    const missing = await app.inject({ method: 'GET', url: '/missing', headers: { 'if-none-match': '*' } });
    expect(created.statusCode).toBe(201);
    expect(missing.statusCode).toBe(404);
    for (const response of [created, missing]) {
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });
});

describe('entity tags', () => {
  it('names a tag only through a well-formed field', () => {
    expect(ifNoneMatchNames(undefined, '"a"')).toBe(false);
    expect(ifNoneMatchNames(' * ', '"a"')).toBe(true);
    expect(ifNoneMatchNames('"b", W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchNames('"a,b"', '"a"')).toBe(false);
    expect(ifNoneMatchNames('"a,b"', '"a,b"')).toBe(true);
    expect(ifNoneMatchNames('"a" junk', '"a"')).toBe(false);
    expect(ifNoneMatchNames('w/"a"', '"a"')).toBe(false);
  });

  it('weakens a strong tag and leaves a weak one', () => {
    expect(weakEtag('"3"')).toBe('W/"3"');
    expect(weakEtag('W/"3"')).toBe('W/"3"');
  });
});
