import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { derivedKey, readIdentityToken, sessionResolvePurpose } from '@app/service-kit';
import { buildGateway } from '../src/app.js';
import { createSessionAuthenticator, readCookie } from '../src/session-authenticator.js';
import { closedPortUrl, listen, startEchoUpstream, testConfig, testSecret } from './support.js';

/** A real HTTP identity on an ephemeral port that knows two sessions, and counts how often it is asked. */
async function startIdentity() {
  const app = Fastify();
  const calls: string[] = [];
  const key = derivedKey(testSecret, sessionResolvePurpose);
  app.post<{ Body: { sessionId: string } }>('/internal/sessions/resolve', async (request, reply) => {
    if (request.headers['x-internal-key'] !== key) return reply.code(403).send();
    calls.push(request.body.sessionId);
    if (request.body.sessionId === 'admin-session')
      return { userId: 'u-admin', role: 'admin', email: 'a@x.test' };
    if (request.body.sessionId === 'tenant-session') return { userId: 'u-tenant', role: 'tenant' };
    return reply.code(404).send();
  });
  return { app, calls, url: await listen(app) };
}

let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
let identity: Awaited<ReturnType<typeof startIdentity>>;
let gateway: FastifyInstance;
let clock = 0;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  identity = await startIdentity();
  gateway = await buildGateway({
    config: testConfig({ CATALOG_URL: upstream.url }),
    authenticate: createSessionAuthenticator({
      identityUrl: identity.url,
      internalKey: derivedKey(testSecret, sessionResolvePurpose),
      cacheTtlMs: 5_000,
      timeoutMs: 1_000,
      now: () => clock,
    }),
  });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.app.close();
  await identity?.app.close();
});

beforeEach(() => {
  clock += 60_000;
  identity.calls.length = 0;
});

const get = (url: string, cookie?: string) =>
  gateway.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('session authenticator', () => {
  it('forwards the session’s user, role included, in the signed identity token', async () => {
    const response = await get('/api/admin/products', 'theme=dark; sid=admin-session');
    expect(response.statusCode).toBe(200);
    const forwarded = upstream.received.at(-1)?.headers['x-identity-token'];
    expect((await readIdentityToken(String(forwarded), testSecret)).caller).toMatchObject({
      userId: 'u-admin',
      role: 'admin',
    });
  });

  it('keeps an admin path closed to a tenant session (403) and to no session (401)', async () => {
    expect((await get('/api/admin/products', 'sid=tenant-session')).statusCode).toBe(403);
    expect((await get('/api/admin/products')).statusCode).toBe(401);
    expect((await get('/api/admin/products', 'sid=forged')).statusCode).toBe(401);
  });

  it('asks identity once per session while the cache is fresh, again after it expires', async () => {
    await get('/api/products', 'sid=tenant-session');
    await get('/api/products', 'sid=tenant-session');
    await get('/api/products', 'sid=unknown');
    await get('/api/products', 'sid=unknown');
    expect(identity.calls).toEqual(['tenant-session', 'unknown']);
    clock += 5_001;
    await get('/api/products', 'sid=tenant-session');
    expect(identity.calls).toEqual(['tenant-session', 'unknown', 'tenant-session']);
  });
});

describe('when identity is down', () => {
  let down: FastifyInstance;
  beforeAll(async () => {
    down = await buildGateway({
      config: testConfig({ CATALOG_URL: upstream.url }),
      authenticate: createSessionAuthenticator({
        identityUrl: await closedPortUrl(),
        internalKey: 'k',
        cacheTtlMs: 5_000,
        timeoutMs: 1_000,
      }),
    });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('still serves public routes, as to a visitor, and answers 503 where a caller is needed', async () => {
    const publicRead = await down.inject({
      method: 'GET',
      url: '/api/products',
      headers: { cookie: 'sid=x' },
    });
    expect(publicRead.statusCode).toBe(200);
    const forwarded = await readIdentityToken(
      String(upstream.received.at(-1)?.headers['x-identity-token']),
      testSecret,
    );
    expect(forwarded.caller).toBeNull();
    const adminRead = await down.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { cookie: 'sid=x' },
    });
    expect(adminRead.statusCode).toBe(503);
    expect(adminRead.json().detail).toContain('Identity service is unavailable');
  });
});

describe('readCookie', () => {
  it.each([
    ['sid=abc', 'abc'],
    ['a=1; sid=abc; b=2', 'abc'],
    ['xsid=abc', undefined],
    ['sid=', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, value) => {
    expect(readCookie(header, 'sid')).toBe(value);
  });
});
