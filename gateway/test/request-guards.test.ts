import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { echoBehindGateway } from './support.js';

const stack = echoBehindGateway({ services: ['CATALOG_URL', 'IDENTITY_URL'] });
const { gatewayWith } = stack;

// inject() sends `Host: localhost:80`, so the gateway's own origin is http://localhost.
const post = (gateway: FastifyInstance, headers: Record<string, string>, url = '/api/admin/products') =>
  gateway.inject({
    method: 'POST',
    url,
    headers: { 'x-test-caller': 'admin', 'content-type': 'application/json', ...headers },
    payload: '{}',
  });

describe('the same-origin check on unsafe requests', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    gateway = await gatewayWith();
  });

  it.each([
    ['a same-origin Origin', { cookie: 'sid=s', origin: 'http://localhost' }],
    ['a same-origin Referer without Origin', { cookie: 'sid=s', referer: 'http://localhost/admin?tab=2' }],
    ['no Origin, no Referer and no cookie (an API client)', {}],
  ])('lets %s through', async (_label, headers) => {
    expect((await post(gateway, headers)).statusCode).toBe(201);
  });

  it.each([
    ['another site in Origin', { cookie: 'sid=s', origin: 'https://evil.example' }],
    ['another site in Origin, even without cookies', { origin: 'https://evil.example' }],
    ['another port', { cookie: 'sid=s', origin: 'http://localhost:8081' }],
    ['https for our http origin', { cookie: 'sid=s', origin: 'https://localhost' }],
    ['Origin: null', { cookie: 'sid=s', origin: 'null' }],
    ['another site in Referer', { cookie: 'sid=s', referer: 'https://evil.example/page' }],
    ['neither header, with a cookie', { cookie: 'sid=s' }],
  ])('refuses %s with 403 problem, without contacting the service', async (_label, headers) => {
    const before = stack.upstream.received.length;
    const response = await post(gateway, headers);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 403, type: 'urn:problem:cross-site-request' });
    expect(stack.upstream.received.length).toBe(before);
  });

  it('checks PUT, PATCH and DELETE too, and leaves safe methods alone', async () => {
    const evil = { cookie: 'sid=s', origin: 'https://evil.example', 'x-test-caller': 'admin' };
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await gateway.inject({ method, url: '/api/admin/products/p-1', headers: evil });
      expect(response.statusCode, method).toBe(403);
    }
    const read = await gateway.inject({ method: 'GET', url: '/api/admin/products', headers: evil });
    expect(read.statusCode).toBe(200);
  });
});

describe('the public origin', () => {
  it('is PUBLIC_ORIGIN when configured, whatever the Host header says', async () => {
    const gateway = await gatewayWith({ PUBLIC_ORIGIN: 'https://shop.example.com' });
    const ours = await post(gateway, { cookie: 'sid=s', origin: 'https://shop.example.com' });
    const hostDerived = await post(gateway, { cookie: 'sid=s', origin: 'http://localhost' });
    expect([ours.statusCode, hostDerived.statusCode]).toEqual([201, 403]);
  });

  it('takes the protocol from X-Forwarded-Proto only behind a trusted proxy', async () => {
    const behindTls = {
      cookie: 'sid=s',
      host: 'shop.example.com',
      origin: 'https://shop.example.com',
      'x-forwarded-proto': 'https',
    };
    const trusting = await gatewayWith({ TRUST_PROXY: true });
    const untrusting = await gatewayWith({ TRUST_PROXY: false });
    expect((await post(trusting, behindTls)).statusCode).toBe(201);
    expect(stack.upstream.received.at(-1)?.headers['x-forwarded-proto']).toBe('https');
    expect((await post(untrusting, behindTls)).statusCode).toBe(403);
  });
});

describe('JSON bodies', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    gateway = await gatewayWith();
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body on a JSON route with 415 problem',
    async (type) => {
      const before = stack.upstream.received.length;
      const response = await post(gateway, { 'content-type': type });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ status: 415, type: 'urn:problem:unsupported-media-type' });
      expect(stack.upstream.received.length).toBe(before);
    },
  );

  it('refuses a body without a content type', async () => {
    const response = await gateway.inject({
      method: 'PATCH',
      url: '/api/admin/products/p-1',
      headers: { 'x-test-caller': 'admin' },
      payload: Buffer.from('{}'),
    });
    expect(response.statusCode).toBe(415);
  });

  it('accepts requests without a body, and form posts to the sign-in routes', async () => {
    const empty = await gateway.inject({
      method: 'POST',
      url: '/api/admin/products/p-1/activate',
      headers: { 'x-test-caller': 'admin' },
    });
    expect(empty.statusCode).toBe(201);
    for (const url of ['/api/login', '/api/login/sign-up']) {
      const form = await gateway.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
        payload: 'email=a%40b.test&password=x',
      });
      expect(form.statusCode, url).toBe(201);
      expect(form.json<{ body: string }>().body).toBe('email=a%40b.test&password=x');
    }
  });
});
