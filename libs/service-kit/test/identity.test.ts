import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReplayGuard,
  readIdentityToken,
  signIdentityToken,
  verifyIdentityToken,
  type ServiceApp,
} from '../src/index.js';
import { identityHeaders, testIdentitySecret } from '../src/testing/index.js';
import { forgedToken } from './forged-token.js';
import { testService } from './support.js';

const request = { method: 'GET', url: '/things?page=2' };
/** The secret a rotation brings in: accepted before anything signs with it. */
const nextSecret = 'the-next-internal-secret-of-a-rotation-0123';

/** Issued two minutes ago with an hour's expiry: only the 60-second age limit refuses it. */
function twoMinutesOldToken(secret: string): string {
  const issuedAt = Math.floor(Date.now() / 1000) - 120;
  return forgedToken(
    {
      sub: 'u-1',
      role: 'admin',
      htm: 'GET',
      htu: '/things',
      jti: 'j-1',
      iat: issuedAt,
      exp: issuedAt + 3600,
    },
    { secret },
  );
}

describe('identity token', () => {
  it('round-trips the caller and the request it is bound to', async () => {
    const caller = { userId: 'u-1', role: 'tenant' as const, email: 'a@example.test', tenantId: 't-1' };

    const token = await signIdentityToken(caller, testIdentitySecret, request);

    await expect(
      verifyIdentityToken(token, testIdentitySecret, request, createReplayGuard()),
    ).resolves.toMatchObject({ caller, request });
    const read = await readIdentityToken(token, testIdentitySecret);
    expect(read.request).toEqual(request);
    expect(read.tokenId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(read.acceptedUntil).toBeGreaterThan(Date.now() + 55_000);
  });

  it('gives every token its own id', async () => {
    const caller = { userId: 'u-1', role: 'admin' as const };
    const first = await readIdentityToken(
      await signIdentityToken(caller, testIdentitySecret, request),
      testIdentitySecret,
    );
    const second = await readIdentityToken(
      await signIdentityToken(caller, testIdentitySecret, request),
      testIdentitySecret,
    );

    expect(first.tokenId).not.toBe(second.tokenId);
  });

  it('rejects a token signed with another secret', async () => {
    const token = await signIdentityToken(
      { userId: 'u-1', role: 'admin' },
      'another-secret-that-is-long-enough-123',
      request,
    );

    await expect(readIdentityToken(token, testIdentitySecret)).rejects.toThrow();
  });

  it('accepts a token signed with a secret accepted during a rotation, and no other', async () => {
    const next = nextSecret;
    const caller = { userId: 'u-1', role: 'admin' as const };
    const accepting = [testIdentitySecret, next];

    const signedWithNext = await signIdentityToken(caller, next, request);
    const signedWithCurrent = await signIdentityToken(caller, testIdentitySecret, request);
    const signedWithOther = await signIdentityToken(
      caller,
      'another-secret-that-is-long-enough-123',
      request,
    );

    expect((await readIdentityToken(signedWithNext, accepting)).caller).toEqual(caller);
    expect((await readIdentityToken(signedWithCurrent, accepting)).caller).toEqual(caller);
    await expect(readIdentityToken(signedWithNext, testIdentitySecret)).rejects.toThrow(/signature/);
    await expect(readIdentityToken(signedWithOther, accepting)).rejects.toThrow(/signature/);
  });

  it('refuses an old token signed with an accepted secret as too old, not as badly signed', async () => {
    const token = twoMinutesOldToken(nextSecret);

    await expect(readIdentityToken(token, [testIdentitySecret, nextSecret])).rejects.toThrow(/has expired/);
  });

  it('rejects a token without a request binding', async () => {
    const unbound = await identityHeaders('admin');

    await expect(readIdentityToken(unbound['x-identity-token'], testIdentitySecret)).rejects.toThrow(
      /claim is required/,
    );
  });

  it('rejects a token older than 60 seconds even when its expiry is later', async () => {
    const token = twoMinutesOldToken(testIdentitySecret);

    await expect(readIdentityToken(token, testIdentitySecret)).rejects.toThrow();
  });

  it('rejects a token for another audience', async () => {
    const token = forgedToken(
      { sub: 'u-1', role: 'admin', htm: 'GET', htu: '/things', jti: 'j-1' },
      { aud: 'browser' },
    );

    await expect(readIdentityToken(token, testIdentitySecret)).rejects.toThrow();
  });
});

describe('access policies', () => {
  let app: ServiceApp;

  beforeAll(async () => {
    app = await testService();
    app.get('/open', { config: { policy: 'public' } }, async (request) => ({ caller: request.caller }));
    app.get('/mine', { config: { policy: 'signed-in' } }, async (request) => ({ caller: request.caller }));
    app.get('/admin', { config: { policy: 'admin' } }, async (request) => ({ caller: request.caller }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets anyone call a public route, with no caller', async () => {
    const response = await app.inject({ method: 'GET', url: '/open' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ caller: null });
  });

  it('refuses a signed-in route without a token with 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/mine' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, type: 'urn:problem:unauthenticated' });
  });

  it('refuses a forged token with 401, on a public route too', async () => {
    const forged = await identityHeaders('admin', 'forged-secret-that-is-also-32-chars-long');

    const mine = await app.inject({ method: 'GET', url: '/mine', headers: forged });
    const open = await app.inject({ method: 'GET', url: '/open', headers: forged });

    expect(mine.statusCode).toBe(401);
    expect(open.statusCode).toBe(401);
  });

  it('refuses an expired token with 401', async () => {
    const expired = await signIdentityToken(
      { userId: 'u-1', role: 'admin' },
      testIdentitySecret,
      { method: 'GET', url: '/admin' },
      -30,
    );

    const response = await app.inject({
      method: 'GET',
      url: '/admin',
      headers: { 'x-identity-token': expired },
    });

    expect(response.statusCode).toBe(401);
  });

  it('refuses a tenant on an admin route with 403', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/admin',
      headers: await identityHeaders('tenant'),
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, detail: 'Admin access required.' });
  });

  it('lets an admin call an admin route and exposes the caller', async () => {
    const headers = await identityHeaders('admin', testIdentitySecret, {
      userId: 'admin-1',
      tenantId: 't-9',
    });

    const response = await app.inject({ method: 'GET', url: '/admin', headers });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      caller: { userId: 'admin-1', role: 'admin', email: 'admin-admin-1@example.test', tenantId: 't-9' },
    });
  });

  it('lets a tenant call a signed-in route', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/mine',
      headers: await identityHeaders('tenant'),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().caller).toMatchObject({ role: 'tenant' });
  });

  it('also enforces the policy on the HEAD route Fastify adds for a GET', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/admin' });

    expect(response.statusCode).toBe(401);
  });
});

describe('a route without a policy', () => {
  it('fails the app at startup', async () => {
    const app = await testService();

    expect(() =>
      // @ts-expect-error the missing policy is the point of this test
      app.get('/forgotten', { config: {} }, async () => 'open by accident'),
    ).toThrow(/no access policy/);
    await app.close();
  });

  it('fails inside a plugin too', async () => {
    const app = await testService();
    const boot = async () => {
      await app.register(async (scope) => {
        scope.post('/forgotten', async () => 'open by accident');
      });
      await app.ready();
    };

    await expect(boot()).rejects.toThrow(/POST \/forgotten has no access policy/);
  });
});
