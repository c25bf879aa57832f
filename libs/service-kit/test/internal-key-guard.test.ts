import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  derivedKey,
  internalKeyHeader,
  metricsEndpointsPurpose,
  requireInternalKey,
  sessionResolvePurpose,
  type ServiceApp,
} from '../src/index.js';
import { testService } from './support.js';

const secret = 'internal-secret-for-the-guard-test-0123456789';
const accepted = 'the-next-internal-secret-of-a-rotation-0123';
let app: ServiceApp;

beforeAll(async () => {
  app = await testService();
  await app.register(async (internal) => {
    internal.addHook(
      'onRequest',
      requireInternalKey({ secret: [secret, accepted], purpose: metricsEndpointsPurpose }),
    );
    internal.get('/internal/guarded', { config: { policy: 'public' } }, async () => ({ ok: true }));
  });
  app.get('/open', { config: { policy: 'public' } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const guarded = (headers: Record<string, string | string[]> = {}) =>
  app.inject({ method: 'GET', url: '/internal/guarded', headers });

describe('requireInternalKey', () => {
  it('lets in the key derived for its purpose', async () => {
    const response = await guarded({ [internalKeyHeader]: derivedKey(secret, metricsEndpointsPurpose) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('lets in the key derived from a secret accepted during a rotation', async () => {
    const response = await guarded({ [internalKeyHeader]: derivedKey(accepted, metricsEndpointsPurpose) });

    expect(response.statusCode).toBe(200);
  });

  it('refuses a missing, wrong, repeated or other-purpose key with a 401 problem', async () => {
    const right = derivedKey(secret, metricsEndpointsPurpose);
    const attempts: Array<Record<string, string | string[]>> = [
      {},
      { [internalKeyHeader]: '' },
      { [internalKeyHeader]: 'wrong' },
      { [internalKeyHeader]: `${right}x` },
      { [internalKeyHeader]: [right, right] },
      { [internalKeyHeader]: derivedKey(secret, sessionResolvePurpose) },
      { [internalKeyHeader]: derivedKey(`${secret}-other`, metricsEndpointsPurpose) },
      // The secret itself is not a key: only what is derived from it is ever sent.
      { [internalKeyHeader]: secret },
    ];
    for (const headers of attempts) {
      const response = await guarded(headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({
        status: 401,
        type: 'urn:problem:unauthenticated',
        detail: 'A valid internal key is required.',
      });
    }
  });

  it('guards only the scope it is registered in', async () => {
    expect((await app.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
  });

  it('refuses a secret shorter than 32 characters when built', () => {
    expect(() => requireInternalKey({ secret: 'short', purpose: metricsEndpointsPurpose })).toThrow(
      'The internal secret must be at least 32 characters',
    );
  });
});
