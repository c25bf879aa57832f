import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { definedOnly } from '@app/domain';
import { hashSessionToken, isWellFormedSessionToken, newSessionToken } from './session-token.js';

export interface SessionSettings {
  /** Absolute lifetime from sign-in, whatever the activity (and the cookie's Max-Age). */
  absoluteTtlMs: number;
  /** A session unused for this long is over. */
  idleTimeoutMs: number;
  /** last_seen_at is written at most this often: a request per second must not become a write per second. */
  touchIntervalMs: number;
}

/** OWASP Session Management: idle 15–30 min for a business app, an absolute cap of days, not weeks. */
export const defaultSessionSettings: SessionSettings = {
  absoluteTtlMs: 7 * 24 * 60 * 60 * 1000,
  idleTimeoutMs: 30 * 60 * 1000,
  touchIntervalMs: 60 * 1000,
};

export interface CreatedSession {
  /** The secret for the cookie; never stored, never logged. */
  token: string;
  /** The session's public name, for logs. */
  sessionId: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  userId: string;
  sessionId: string;
}

export interface SessionStore {
  readonly settings: SessionSettings;
  /** Always a new token: signing in never reuses an existing id (no session fixation). */
  createSession(userId: string): Promise<CreatedSession>;
  /** The live session for a cookie value, or null (unknown, revoked, idle too long or past its lifetime). */
  resolveSession(token: string): Promise<ResolvedSession | null>;
  revokeSession(token: string): Promise<void>;
  /** Signs `userId` out everywhere, except the session of `exceptToken` when given; returns how many ended. */
  revokeAllSessions(userId: string, exceptToken?: string): Promise<number>;
}

export interface SessionStoreOptions extends Partial<SessionSettings> {
  pool: pg.Pool;
  /** Injected so tests pin time instead of sleeping; all times are written from it, never from SQL now(). */
  now?: () => Date;
}

/** Expired rows stay this long (for support questions), then go, a bounded batch per sign-in. */
const retentionMs = 24 * 60 * 60 * 1000;
const pruneBatch = 100;

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { pool, now = () => new Date(), ...overrides } = options;
  const settings: SessionSettings = { ...defaultSessionSettings, ...definedOnly(overrides) };
  if (!Object.values(settings).every((value) => Number.isFinite(value) && value > 0)) {
    throw new Error('Session timeouts must be positive numbers of milliseconds');
  }

  return {
    settings,

    async createSession(userId) {
      const at = now();
      const token = newSessionToken();
      const sessionId = randomUUID();
      const expiresAt = new Date(at.getTime() + settings.absoluteTtlMs);
      await pool.query(
        `INSERT INTO sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, $3, $4, $4, $5)`,
        [sessionId, hashSessionToken(token), userId, at, expiresAt],
      );
      await pool.query(
        'DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at < $1 LIMIT $2)',
        [new Date(at.getTime() - retentionMs), pruneBatch],
      );
      return { token, sessionId, expiresAt };
    },

    async resolveSession(token) {
      if (!isWellFormedSessionToken(token)) return null;
      const at = now();
      const { rows } = await pool.query<SessionRow>(
        'SELECT id, user_id, last_seen_at, expires_at, revoked_at FROM sessions WHERE token_hash = $1',
        [hashSessionToken(token)],
      );
      const row = rows[0];
      if (row === undefined || row.revoked_at !== null) return null;
      if (at.getTime() >= row.expires_at.getTime()) return null;
      const idleFor = at.getTime() - row.last_seen_at.getTime();
      if (idleFor >= settings.idleTimeoutMs) return null;
      if (idleFor >= settings.touchIntervalMs) {
        // Conditional, so concurrent requests of one session write once and last_seen_at never goes back.
        await pool.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [
          row.id,
          at,
        ]);
      }
      return { userId: row.user_id, sessionId: row.id };
    },

    async revokeSession(token) {
      if (!isWellFormedSessionToken(token)) return;
      await pool.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
        hashSessionToken(token),
        now(),
      ]);
    },

    async revokeAllSessions(userId, exceptToken) {
      const keep = exceptToken !== undefined && isWellFormedSessionToken(exceptToken);
      const { rowCount } = await pool.query(
        `UPDATE sessions SET revoked_at = $2
         WHERE user_id = $1 AND revoked_at IS NULL AND ($3::bytea IS NULL OR token_hash <> $3)`,
        [userId, now(), keep ? hashSessionToken(exceptToken) : null],
      );
      return rowCount ?? 0;
    },
  };
}

interface SessionRow {
  id: string;
  user_id: string;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}
