import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { createSessionStore, defaultSessionSettings } from '../../src/sessions/index.js';
import { openIdentityDatabase, testClock } from './login-harness.js';

const minute = 60_000;
const database = startedForFile(openIdentityDatabase);

function storeAt(clock = testClock()) {
  return { clock, store: createSessionStore({ pool: database.pool, now: clock.now }) };
}

async function lastSeen(sessionId: string): Promise<Date | undefined> {
  const { rows } = await database.pool.query<{ last_seen_at: Date }>(
    'SELECT last_seen_at FROM identity.sessions WHERE id = $1',
    [sessionId],
  );
  return rows[0]?.last_seen_at;
}

describe('sessions', () => {
  it('defaults to 7 days absolute, 30 minutes idle, one touch a minute', () => {
    expect(defaultSessionSettings).toEqual({
      absoluteTtlMs: 7 * 24 * 60 * minute,
      idleTimeoutMs: 30 * minute,
      touchIntervalMs: minute,
    });
  });

  it('gives a 256-bit random token and stores only its SHA-256', async () => {
    const { store } = storeAt();
    const userId = randomUUID();
    const created = await store.createSession(userId);

    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    const { rows } = await database.pool.query('SELECT * FROM identity.sessions WHERE user_id = $1', [
      userId,
    ]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(rows[0].token_hash).toEqual(createHash('sha256').update(created.token).digest());
    expect(await store.resolveSession(created.token)).toEqual({ userId, sessionId: created.sessionId });
  });

  it('makes a new token every time (no fixation) and knows nothing of made-up ones', async () => {
    const { store } = storeAt();
    const userId = randomUUID();
    const first = await store.createSession(userId);
    const second = await store.createSession(userId);
    expect(second.token).not.toBe(first.token);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await store.resolveSession('A'.repeat(43))).toBeNull();
    expect(await store.resolveSession('short')).toBeNull();
    expect(await store.resolveSession(`${first.token}=`)).toBeNull();
  });

  it('ends a session idle for 30 minutes', async () => {
    const { store, clock } = storeAt();
    const { token } = await store.createSession(randomUUID());
    clock.advance(30 * minute - 1);
    expect(await store.resolveSession(token)).not.toBeNull();

    const idle = storeAt();
    const other = await idle.store.createSession(randomUUID());
    idle.clock.advance(30 * minute);
    expect(await idle.store.resolveSession(other.token)).toBeNull();
  });

  it('keeps an active session alive, touching last_seen_at at most once a minute', async () => {
    const { store, clock } = storeAt();
    const created = await store.createSession(randomUUID());
    const start = clock.now();

    clock.advance(59_000);
    await store.resolveSession(created.token);
    expect(await lastSeen(created.sessionId)).toEqual(start);

    clock.advance(1_000);
    await store.resolveSession(created.token);
    expect(await lastSeen(created.sessionId)).toEqual(clock.now());

    // Activity every 20 minutes carries it well past the idle timeout.
    for (let step = 0; step < 5; step += 1) {
      clock.advance(20 * minute);
      expect(await store.resolveSession(created.token)).not.toBeNull();
    }
  });

  it('ends a session at its absolute lifetime however active it is', async () => {
    const { store, clock } = storeAt();
    const created = await store.createSession(randomUUID());
    expect(created.expiresAt.getTime() - clock.now().getTime()).toBe(defaultSessionSettings.absoluteTtlMs);
    const touches = defaultSessionSettings.absoluteTtlMs / (20 * minute);
    for (let step = 1; step < touches; step += 1) {
      clock.advance(20 * minute);
      expect(await store.resolveSession(created.token)).not.toBeNull();
    }
    clock.advance(20 * minute);
    expect(await store.resolveSession(created.token)).toBeNull();
  });

  it('revokes one session', async () => {
    const { store } = storeAt();
    const userId = randomUUID();
    const kept = await store.createSession(userId);
    const revoked = await store.createSession(userId);
    await store.revokeSession(revoked.token);
    expect(await store.resolveSession(revoked.token)).toBeNull();
    expect(await store.resolveSession(kept.token)).not.toBeNull();
  });

  it("revokes all of a user's sessions, optionally but the current one", async () => {
    const { store } = storeAt();
    const userId = randomUUID();
    const bystander = await store.createSession(randomUUID());
    const [current, other, third] = await Promise.all([1, 2, 3].map(() => store.createSession(userId)));

    expect(await store.revokeAllSessions(userId, current?.token)).toBe(2);
    expect(await store.resolveSession(other?.token ?? '')).toBeNull();
    expect(await store.resolveSession(third?.token ?? '')).toBeNull();
    expect(await store.resolveSession(current?.token ?? '')).not.toBeNull();

    expect(await store.revokeAllSessions(userId)).toBe(1);
    expect(await store.resolveSession(current?.token ?? '')).toBeNull();
    expect(await store.resolveSession(bystander.token)).not.toBeNull();
  });
});
