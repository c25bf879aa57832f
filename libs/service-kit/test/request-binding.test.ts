import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createReplayGuard,
  createService,
  signIdentityToken,
  type BoundRequest,
  type ServiceApp,
} from '../src/index.js';
import { identityHeaders, testIdentitySecret } from '../src/testing/index.js';
import { testService } from './support.js';

const tenant = { userId: 'u-bound', role: 'tenant' as const };
const tokenFor = async (request: BoundRequest, secret = testIdentitySecret) => ({
  'x-identity-token': await signIdentityToken(tenant, secret, request),
});

let app: ServiceApp;

beforeAll(async () => {
  app = await testService();
  // Takes any query: the tests bind tokens to several.
  app.get(
    '/mine',
    { config: { policy: 'signed-in' }, schema: { querystring: z.looseObject({}) } },
    async (request) => ({ caller: request.caller }),
  );
  app.post('/mine', { config: { policy: 'signed-in' } }, async () => ({ posted: true }));
  app.get('/other', { config: { policy: 'signed-in' } }, async () => ({ other: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('a token bound to its request', () => {
  it('is accepted for exactly that request, once', async () => {
    const headers = await tokenFor({ method: 'GET', url: '/mine?page=2' });

    const first = await app.inject({ method: 'GET', url: '/mine?page=2', headers });
    const replayed = await app.inject({ method: 'GET', url: '/mine?page=2', headers });

    expect(first.statusCode).toBe(200);
    expect(first.json().caller).toMatchObject({ userId: 'u-bound' });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ status: 401, type: 'urn:problem:unauthenticated' });
  });

  it.each([
    ['another method', { method: 'POST', url: '/mine' }, { method: 'GET', url: '/mine' }],
    ['another path', { method: 'GET', url: '/mine' }, { method: 'GET', url: '/other' }],
    ['another query', { method: 'GET', url: '/mine?page=1' }, { method: 'GET', url: '/mine?page=2' }],
    ['a GET token on a HEAD', { method: 'GET', url: '/mine' }, { method: 'HEAD', url: '/mine' }],
  ] as const)('is refused with 401 for %s', async (_label, boundTo, sentAs) => {
    const response = await app.inject({ ...sentAs, headers: await tokenFor(boundTo) });

    expect(response.statusCode).toBe(401);
  });

  it('serves HEAD on a GET route when the token says HEAD', async () => {
    const response = await app.inject({
      method: 'HEAD',
      url: '/mine',
      headers: await tokenFor({ method: 'HEAD', url: '/mine' }),
    });

    expect(response.statusCode).toBe(200);
  });

  it('compares the URL as received, percent-encoding and all', async () => {
    const url = '/mine?q=a%20b&tag=%C3%A9';
    const response = await app.inject({
      method: 'GET',
      url,
      headers: await tokenFor({ method: 'GET', url }),
    });

    expect(response.statusCode).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    const forged = await tokenFor(
      { method: 'GET', url: '/mine' },
      'forged-secret-that-is-also-32-chars-long',
    );

    const response = await app.inject({ method: 'GET', url: '/mine', headers: forged });

    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = await signIdentityToken(tenant, testIdentitySecret, { method: 'GET', url: '/mine' }, -30);

    const response = await app.inject({
      method: 'GET',
      url: '/mine',
      headers: { 'x-identity-token': expired },
    });

    expect(response.statusCode).toBe(401);
  });

  it('refuses an unbound token sent without the test binding', async () => {
    const plain = await createService({
      name: 'plain',
      logger: false,
      identity: { secret: testIdentitySecret },
      readiness: [],
    });
    plain.get('/mine', { config: { policy: 'signed-in' } }, async () => 'ok');
    try {
      const response = await plain.inject({
        method: 'GET',
        url: '/mine',
        headers: await identityHeaders('tenant'),
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});

describe('bindIdentityOnInject', () => {
  it('binds reusable test headers to each injected request, query option included', async () => {
    const headers = await identityHeaders('tenant', testIdentitySecret, { userId: 'u-reused' });

    const first = await app.inject({ method: 'GET', url: '/mine?x=1', query: { page: ['2', '3'] }, headers });
    const second = await app.inject({ method: 'GET', url: '/mine', headers });
    const posted = await app.inject({ method: 'POST', path: '/mine', headers });

    expect([first.statusCode, second.statusCode, posted.statusCode]).toEqual([200, 200, 200]);
    expect(second.json().caller).toMatchObject({ userId: 'u-reused', role: 'tenant' });
  });
});

describe('the replay guard', () => {
  it('remembers an id until its token could no longer be accepted, then forgets it', () => {
    let now = 1_000;
    const guard = createReplayGuard(() => now);

    expect(guard.firstUse('a', 61_000)).toBe(true);
    expect(guard.firstUse('b', 62_000)).toBe(true);
    expect(guard.firstUse('a', 61_000)).toBe(false);
    now = 61_500;
    expect(guard.firstUse('c', 121_500)).toBe(true);
    expect(guard.size).toBe(2);
    expect(guard.firstUse('b', 62_000)).toBe(false);
  });
});
