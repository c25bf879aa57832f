import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { derivedKey, sessionResolvePurpose } from '@app/service-kit';
import { uniquePrefix } from '@app/test-support';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Caller } from '../src/access.js';
import { buildGateway } from '../src/app.js';
import { createSessionAuthenticator } from '../src/session-authenticator.js';
import {
  connectGatewayNats,
  subscribeToUserChanges,
  type UserChangeSubscription,
} from '../src/user-events.js';
import { listen, startEchoUpstream, testConfig, testSecret } from './support.js';

/** Identity as the gateway sees it: sessions a test can change, a sign-out route, and a count of lookups. */
async function startIdentity() {
  const app = Fastify();
  const sessions = new Map<string, Caller>();
  const lookups: string[] = [];
  const key = derivedKey(testSecret, sessionResolvePurpose);
  app.post<{ Body: { sessionId: string } }>('/internal/sessions/resolve', async (request, reply) => {
    if (request.headers['x-internal-key'] !== key) return reply.code(403).send();
    lookups.push(request.body.sessionId);
    return sessions.get(request.body.sessionId) ?? reply.code(404).send();
  });
  app.get('/api/logout', async (request, reply) => {
    sessions.delete(String(request.headers.cookie).replace('sid=', ''));
    return reply.redirect('/', 303);
  });
  return { app, sessions, lookups, url: await listen(app) };
}

const prefix = uniquePrefix('g');
const warnings: string[] = [];
let identity: Awaited<ReturnType<typeof startIdentity>>;
let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
let gateway: FastifyInstance;
let nats: NatsConnection;
let subscription: UserChangeSubscription;

beforeAll(async () => {
  identity = await startIdentity();
  upstream = await startEchoUpstream();
  // Long enough that only an invalidation, never the TTL, can explain a fresh lookup in these tests.
  const sessions = createSessionAuthenticator({
    identityUrl: identity.url,
    internalKey: derivedKey(testSecret, sessionResolvePurpose),
    cacheTtlMs: 60_000,
    timeoutMs: 1_000,
  });
  gateway = await buildGateway({
    config: testConfig({ CATALOG_URL: upstream.url, IDENTITY_URL: identity.url }),
    authenticate: sessions,
    sessions,
  });
  nats = await connectGatewayNats(inject('natsUrl'));
  const jsm = await jetstreamManager(nats);
  await jsm.streams.add({ name: `${prefix}_IDENTITY`, subjects: [`${prefix}.identity.>`] });
  subscription = subscribeToUserChanges({
    nats,
    prefix,
    onUserChanged: (userId) => sessions.userChanged(userId),
    logger: { warn: (_object, message) => void warnings.push(message) },
  });
  await subscription.ready();
});

afterAll(async () => {
  await subscription?.stop();
  if (nats) {
    const jsm = await jetstreamManager(nats);
    await jsm.streams.delete(`${prefix}_IDENTITY`).catch(() => undefined);
    await nats.drain();
  }
  await gateway?.close();
  await upstream?.app.close();
  await identity?.app.close();
});

/** As identity's relay publishes it: on JetStream, in the integration envelope. */
async function publish(type: string, data: Record<string, unknown>) {
  const envelope = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
  await jetstream(nats).publish(`${prefix}.${type}`, JSON.stringify(envelope));
}

const adminRead = (sessionId: string) =>
  gateway.inject({ method: 'GET', url: '/api/admin/products', headers: { cookie: `sid=${sessionId}` } });

function signIn(role: Caller['role'], userId = randomUUID()) {
  const sessionId = `s-${randomUUID()}`;
  identity.sessions.set(sessionId, { userId, role });
  return { sessionId, userId };
}

describe('cached sessions', () => {
  it('end at once when the sign-out passes through the gateway', async () => {
    const { sessionId } = signIn('admin');
    expect((await adminRead(sessionId)).statusCode).toBe(200);
    const signOut = await gateway.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: `sid=${sessionId}` },
    });
    expect(signOut.statusCode).toBe(303);
    expect((await adminRead(sessionId)).statusCode).toBe(401);
  });

  it("follow a role change to all of the user's sessions when identity announces it", async () => {
    const user = randomUUID();
    const first = signIn('tenant', user);
    const second = signIn('tenant', user);
    expect((await adminRead(first.sessionId)).statusCode).toBe(403);
    expect((await adminRead(second.sessionId)).statusCode).toBe(403);
    for (const id of [first.sessionId, second.sessionId])
      identity.sessions.set(id, { userId: user, role: 'admin' });
    expect((await adminRead(first.sessionId)).statusCode).toBe(403);

    await publish('identity.user.updated.v1', {
      userId: user,
      role: 'admin',
      changedAt: new Date().toISOString(),
    });
    await expect
      .poll(async () => (await adminRead(first.sessionId)).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect((await adminRead(second.sessionId)).statusCode).toBe(200);
  });

  it('end when identity announces a deactivation', async () => {
    const { sessionId, userId } = signIn('admin');
    expect((await adminRead(sessionId)).statusCode).toBe(200);
    identity.sessions.delete(sessionId);
    await publish('identity.user.deactivated.v1', { userId, deactivatedAt: new Date().toISOString() });
    await expect.poll(async () => (await adminRead(sessionId)).statusCode, { timeout: 5_000 }).toBe(401);
  });

  it("stay cached for malformed events, registrations and other users' changes", async () => {
    const kept = signIn('admin');
    const sentinel = signIn('tenant');
    await adminRead(kept.sessionId);
    await adminRead(sentinel.sessionId);
    await jetstream(nats).publish(`${prefix}.identity.user.updated.v1`, '{"not":"an event"}');
    await publish('identity.user.registered.v1', {
      userId: kept.userId,
      email: 'kept@example.test',
      firstName: null,
      lastName: null,
      role: 'admin',
      registeredVia: 'admin',
      registeredAt: new Date().toISOString(),
    });
    identity.sessions.set(sentinel.sessionId, { userId: sentinel.userId, role: 'admin' });
    await publish('identity.user.updated.v1', {
      userId: sentinel.userId,
      role: 'admin',
      changedAt: new Date().toISOString(),
    });
    // Messages arrive in order: once the sentinel's change is applied, the earlier ones have been handled.
    await expect
      .poll(async () => (await adminRead(sentinel.sessionId)).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect(identity.lookups.filter((id) => id === kept.sessionId)).toHaveLength(1);
    expect(warnings).toContain('Ignoring a malformed identity event');
  });
});
