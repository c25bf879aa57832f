import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { derivedKey, readIdentityToken, readOnlyViewMessage, sessionResolvePurpose } from '@app/service-kit';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../src/app.js';
import { gatewayConfigSchema, type GatewayConfig } from '../src/config.js';
import { routeEntries, type RouteEntry } from '../src/route-table.js';
import { createSessionAuthenticator } from '../src/session-authenticator.js';
import { recordCustomerCall } from '../src/usage/metering-policy.js';
import { createUsageMeter } from '../src/usage/usage-meter.js';
import { listen, startEchoUpstream, testConfig, testSecret, type EchoUpstream } from './support.js';

/**
 * The view identity answers for the admin's session with `vas=view-1`, until it expires at `viewEndsAt`: 30 s
 * after each test starts, well inside the gateway's cache TTL.
 */
let viewEndsAt = 0;

async function startIdentity(now: () => number) {
  const app = Fastify();
  const calls: { sessionId: string; viewAsSessionId?: string }[] = [];
  app.post<{ Body: { sessionId: string; viewAsSessionId?: string } }>(
    '/internal/sessions/resolve',
    async (request, reply) => {
      if (request.headers['x-internal-key'] !== derivedKey(testSecret, sessionResolvePurpose)) {
        return reply.code(403).send();
      }
      calls.push(request.body);
      if (request.body.sessionId !== 'admin-session') return reply.code(404).send();
      const admin = { userId: 'u-admin', role: 'admin', email: 'admin@example.test' };
      if (request.body.viewAsSessionId !== 'view-1' || now() >= viewEndsAt) return admin;
      return {
        ...admin,
        viewAs: {
          sessionId: 'view-1',
          userId: 'u-customer',
          role: 'tenant',
          email: 'casey@example.test',
          expiresAt: new Date(viewEndsAt).toISOString(),
        },
      };
    },
  );
  return { app, calls, url: await listen(app) };
}

let clock = 1_000_000;
let upstream: EchoUpstream;
let identity: Awaited<ReturnType<typeof startIdentity>>;
let gateway: FastifyInstance;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  identity = await startIdentity(() => clock);
  const url = upstream.url;
  const sessions = createSessionAuthenticator({
    identityUrl: identity.url,
    internalKey: derivedKey(testSecret, sessionResolvePurpose),
    cacheTtlMs: 60_000,
    timeoutMs: 1_000,
    now: () => clock,
  });
  gateway = await buildGateway({
    // Every service behind the same echo, a service added later too: each entry of the route table is present.
    config: testConfig(
      Object.fromEntries(
        Object.keys(gatewayConfigSchema.shape)
          .filter((name) => name.endsWith('_URL') && name !== 'NATS_URL')
          .map((name) => [name, url]),
      ) as Partial<GatewayConfig>,
    ),
    authenticate: sessions,
    sessions,
  });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.app.close();
  await identity?.app.close();
});

beforeEach(() => {
  // Each test at a time of its own, so nothing cached by an earlier one is still fresh.
  clock += 10 * 60_000;
  viewEndsAt = clock + 30_000;
  upstream.received.length = 0;
  identity.calls.length = 0;
});

const inView = 'sid=admin-session; vas=view-1';
const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A concrete path for an entry's pattern: a UUID for each `:param`, one segment for `*`. */
function pathOf(entry: RouteEntry): string {
  return entry.pattern
    .replace(/:[a-zA-Z]+/g, '0196f2a0-0000-7000-8000-000000000009')
    .replace(/\*$/, 'anything');
}

function request(method: string, url: string, cookie: string) {
  return gateway.inject({
    method,
    url,
    headers: { cookie, origin: 'http://app.test', host: 'app.test', 'content-type': 'application/json' },
    payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
  });
}

async function forwardedCaller() {
  const token = upstream.received.at(-1)?.headers['x-identity-token'];
  return (await readIdentityToken(String(token), testSecret)).caller;
}

describe('a view as a customer at the gateway', () => {
  // Generated from the route table: a route added later is covered without touching this test.
  const writes = routeEntries
    .filter((entry) => entry.leavesView !== true)
    .flatMap((entry) =>
      writeMethods
        .filter((method) => entry.methods === undefined || entry.methods.includes(method))
        .map((method) => ({ method, path: pathOf(entry), entry })),
    );

  it.each(writes)(
    'refuses $method $path (any write of a view) before any service sees it',
    async ({ method, path }) => {
      const response = await request(method, path, inView);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        type: 'urn:problem:read-only-view',
        detail: readOnlyViewMessage,
      });
      expect(upstream.received).toEqual([]);
    },
  );

  it('covers every entry of the route table that takes writes', () => {
    const covered = new Set(writes.map(({ entry }) => entry.pattern));
    const expected = routeEntries.filter((entry) => entry.leavesView !== true).map((entry) => entry.pattern);
    expect([...covered].sort()).toEqual([...new Set(expected)].sort());
  });

  it('forwards reads as the customer, with the admin in the act claim, and with the customer’s rights', async () => {
    const read = await request('GET', '/api/subscriptions', inView);
    expect(read.statusCode).toBe(200);
    expect(await forwardedCaller()).toEqual({
      userId: 'u-customer',
      role: 'tenant',
      email: 'casey@example.test',
      actor: { userId: 'u-admin', viewAsSessionId: 'view-1' },
    });
    const admin = await request('GET', '/api/admin/users', inView);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ detail: 'Admin access required.' });
  });

  it('lets the admin leave the view, and sign out, as themselves', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/auth/view-as'],
      ['POST', '/api/logout'],
    ] as const) {
      const response = await request(method, path, inView);
      expect(response.statusCode, `${method} ${path}`).toBeLessThan(300);
      expect(await forwardedCaller()).toEqual({ userId: 'u-admin', role: 'admin' });
    }
  });

  it('leaves the admin’s own session untouched: without the view’s cookie they are themselves', async () => {
    const write = await request('POST', '/api/admin/products', 'sid=admin-session');
    expect(write.statusCode).toBe(201);
    expect(await forwardedCaller()).toMatchObject({ userId: 'u-admin', role: 'admin' });
  });

  it('keeps a cached view no longer than its expiry, whatever the cache’s TTL', async () => {
    await request('GET', '/api/subscriptions', inView);
    await request('GET', '/api/subscriptions', inView);
    expect(identity.calls).toHaveLength(1);
    clock = viewEndsAt;
    const after = await request('POST', '/api/admin/products', inView);
    expect(identity.calls).toHaveLength(2);
    expect(after.statusCode).toBe(201);
    expect(await forwardedCaller()).toMatchObject({ userId: 'u-admin', role: 'admin' });
  });

  it('forgets the cached view when the admin leaves it', async () => {
    await request('GET', '/api/subscriptions', inView);
    await request('DELETE', '/api/auth/view-as', inView);
    await request('GET', '/api/subscriptions', inView);
    expect(identity.calls).toHaveLength(2);
  });

  it('does not count a view’s calls as the customer’s usage', () => {
    const meter = createUsageMeter(() => clock);
    const customer = { userId: 'u-customer', role: 'tenant' } as const;
    recordCustomerCall(meter, { ...customer, actor: { userId: 'u-admin', viewAsSessionId: 'view-1' } });
    recordCustomerCall(meter, customer);
    expect(meter.drain().map((tally) => Object.fromEntries(tally.counts))).toEqual([{ 'u-customer': 1 }]);
  });
});
