import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivedKey, internalKeyHeader, metricsEndpointsPurpose } from '@app/service-kit';
import { testIdentitySecret } from '@app/service-kit/testing';
import { sessionCookieName, type SessionOwner } from '../../src/sessions/index.js';
import { internalKey, loginAppForFile } from './login-harness.js';

const owners = new Map<string, SessionOwner | null>();
const login = loginAppForFile({
  describeOwner: async (userId) => (owners.has(userId) ? (owners.get(userId) ?? null) : { role: 'tenant' }),
});

function resolve(sessionId: string, headers: Record<string, string> = { [internalKeyHeader]: internalKey }) {
  return login.app.inject({
    method: 'POST',
    url: '/internal/sessions/resolve',
    payload: { sessionId },
    headers,
  });
}

describe('POST /internal/sessions/resolve', () => {
  it('names the cookie the gateway reads', () => {
    expect(sessionCookieName()).toBe('sid');
  });

  it('answers who a live session belongs to, with what describeOwner adds', async () => {
    const userId = randomUUID();
    owners.set(userId, { role: 'admin', email: 'boss@example.test' });
    const { token } = await login.sessions.createSession(userId);

    const response = await resolve(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId, role: 'admin', email: 'boss@example.test' });
  });

  it('answers 404 for an unknown, revoked or malformed session, and for an account that is gone', async () => {
    const revoked = await login.sessions.createSession(randomUUID());
    await login.sessions.revokeSession(revoked.token);
    const orphanUser = randomUUID();
    owners.set(orphanUser, null);
    const orphan = await login.sessions.createSession(orphanUser);

    for (const sessionId of ['A'.repeat(43), revoked.token, 'not a token', orphan.token]) {
      const response = await resolve(sessionId);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('refuses callers without the internal key, with a wrong one, or with one for another purpose', async () => {
    const { token } = await login.sessions.createSession(randomUUID());
    const attempts: Array<Record<string, string>> = [
      {},
      { [internalKeyHeader]: 'wrong' },
      { [internalKeyHeader]: `${internalKey}x` },
      { [internalKeyHeader]: derivedKey(testIdentitySecret, metricsEndpointsPurpose) },
      { [internalKeyHeader]: testIdentitySecret },
    ];
    for (const headers of attempts) {
      const response = await resolve(token, headers);
      expect(response.statusCode).toBe(401);
      expect(JSON.stringify(response.json())).not.toContain(token);
    }
  });

  it('refuses a secret shorter than 32 characters at startup', async () => {
    const { createService } = await import('@app/service-kit');
    const { internalSessionRoutes } = await import('../../src/sessions/index.js');
    const app = await createService({
      name: 't',
      logger: false,
      identity: { secret: 'x'.repeat(32) },
      readiness: [],
    });
    await expect(
      app.register(internalSessionRoutes, { pool: login.pool, internalSecret: 'short' }).ready(),
    ).rejects.toThrow('The internal secret must be at least 32 characters');
    await app.close();
  });
});
