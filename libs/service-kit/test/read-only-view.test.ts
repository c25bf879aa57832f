import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandMetadata,
  createReplayGuard,
  readIdentityToken,
  readOnlyViewMessage,
  signIdentityToken,
  verifyIdentityToken,
  type Caller,
  type ServiceApp,
} from '../src/index.js';
import { identityHeaders, testIdentitySecret } from '../src/testing/index.js';
import { forgedToken } from './forged-token.js';
import { testService } from './support.js';

/** An admin viewing as a customer, as the gateway forwards them (issue 21). */
const viewed: Caller = {
  userId: 'customer-1',
  role: 'tenant',
  email: 'casey@example.test',
  actor: { userId: 'admin-1', viewAsSessionId: 'view-1' },
};

describe('a viewed caller in the identity token', () => {
  it('round-trips the customer and the admin behind them (RFC 8693 act)', async () => {
    const request = { method: 'GET', url: '/api/subscriptions' };
    const token = await signIdentityToken(viewed, testIdentitySecret, request);

    const read = await verifyIdentityToken(token, testIdentitySecret, request, createReplayGuard());

    expect(read.caller).toEqual(viewed);
  });

  it('refuses an act claim that does not name its view-as session', async () => {
    const token = forgedToken({
      sub: 'customer-1',
      role: 'tenant',
      act: { sub: 'admin-1' },
      htm: 'GET',
      htu: '/things',
      jti: 'j-act',
      iat: Math.floor(Date.now() / 1000),
    });

    await expect(readIdentityToken(token, testIdentitySecret)).rejects.toThrow();
  });
});

describe('the access policy for a viewed caller', () => {
  let app: ServiceApp;
  let handled: string[];
  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

  beforeAll(async () => {
    app = await testService();
    for (const policy of ['public', 'signed-in', 'admin'] as const) {
      app.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        url: `/${policy}`,
        config: { policy },
        handler: async (request) => {
          handled.push(`${request.method} /${policy}`);
          return { caller: request.caller };
        },
      });
    }
    await app.ready();
  });
  afterAll(() => app.close());

  const headers = (caller: Caller) => identityHeaders(caller.role, testIdentitySecret, caller);

  it('reads with the customer’s rights: a signed-in route answers, an admin route refuses', async () => {
    handled = [];
    const own = await app.inject({ method: 'GET', url: '/signed-in', headers: await headers(viewed) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ caller: viewed });
    const head = await app.inject({ method: 'HEAD', url: '/signed-in', headers: await headers(viewed) });
    expect(head.statusCode).toBe(200);
    const options = await app.inject({
      method: 'OPTIONS',
      url: '/signed-in',
      headers: await headers(viewed),
    });
    expect(options.statusCode).toBe(200);
    const admin = await app.inject({ method: 'GET', url: '/admin', headers: await headers(viewed) });
    expect(admin.statusCode).toBe(403);
    expect(handled).toEqual(['GET /signed-in', 'HEAD /signed-in', 'OPTIONS /signed-in']);
  });

  it('refuses every write on every route before its handler runs, with a problem saying why', async () => {
    handled = [];
    for (const policy of ['public', 'signed-in', 'admin']) {
      for (const method of writes) {
        const response = await app.inject({
          method,
          url: `/${policy}`,
          headers: await headers(viewed),
          payload: { anything: true },
        });
        expect(response.statusCode, `${method} /${policy}`).toBe(403);
        expect(response.json(), `${method} /${policy}`).toMatchObject({
          type: 'urn:problem:read-only-view',
          detail: readOnlyViewMessage,
        });
      }
    }
    expect(handled).toEqual([]);
  });

  it('lets the same customer, signed in themselves, write', async () => {
    handled = [];
    const { actor: _actor, ...customer } = viewed;
    const response = await app.inject({
      method: 'POST',
      url: '/signed-in',
      headers: await headers(customer),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(handled).toEqual(['POST /signed-in']);
  });
});

describe('command metadata', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService();
    app.get('/metadata', { config: { policy: 'signed-in' } }, async (request) => commandMetadata(request));
    await app.ready();
  });
  afterAll(() => app.close());

  it('names the actor with their role', async () => {
    const caller: Caller = { userId: 'customer-1', role: 'tenant' };
    const response = await app.inject({
      method: 'GET',
      url: '/metadata',
      headers: await identityHeaders('tenant', testIdentitySecret, caller),
    });
    expect(response.json()).toMatchObject({ actorId: 'customer-1', actorRole: 'tenant' });
    expect(response.json()).not.toHaveProperty('onBehalfOf');
  });

  it('names the admin as the actor in a customer’s view, never the customer', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metadata',
      headers: await identityHeaders('tenant', testIdentitySecret, viewed),
    });
    expect(response.json()).toMatchObject({
      actorId: 'admin-1',
      actorRole: 'admin',
      onBehalfOf: 'customer-1',
    });
  });
});
