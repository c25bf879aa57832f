import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface LoginRateLimits {
  windowMs: number;
  /** Sign-in and sign-up attempts from one client address per window: slows password spraying. */
  perIp: number;
  /**
   * Failed password checks (sign-ins and password changes) for one email per window, counted since its last
   * success: slows guessing one account.
   */
  perAccount: number;
}

export const defaultLoginRateLimits: LoginRateLimits = { windowMs: 15 * 60 * 1000, perIp: 10, perAccount: 5 };

export type AttemptKind = 'sign-in' | 'sign-up' | 'password-change';

export type AttemptAdmission =
  { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Counts the attempt (as failed until `succeeded`) or refuses it; refused attempts are not counted. */
  begin(input: { kind: AttemptKind; ip: string; email: string | null }): Promise<AttemptAdmission>;
  succeeded(attemptId: string): Promise<void>;
}

/**
 * Rate limits in Postgres (migration 103), so every identity replica sees the same counts. Advisory locks on
 * the address and the account make check-and-count atomic: parallel guesses cannot all slip under the limit.
 */
export function createLoginThrottle(
  pool: pg.Pool,
  limits: LoginRateLimits = defaultLoginRateLimits,
  now: () => Date = () => new Date(),
): LoginThrottle {
  if (!(limits.windowMs > 0 && limits.perIp >= 1 && limits.perAccount >= 1)) {
    throw new Error('Login rate limits need a positive window and limits of at least 1');
  }
  return {
    async begin({ kind, ip, email }) {
      const at = now();
      const since = new Date(at.getTime() - limits.windowMs);
      // Only password checks count against an account; a sign-up is limited by address alone.
      const account = kind !== 'sign-up' && email !== null ? accountKey(email) : null;
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Two lock spaces (1: address, 2: account), always taken in that order, so they cannot deadlock.
        await client.query('SELECT pg_advisory_xact_lock(1, hashtext($1))', [ip]);
        if (account !== null) await client.query('SELECT pg_advisory_xact_lock(2, hashtext($1))', [account]);
        const blockedUntil = latest(
          await ipBlockedUntil(client, ip, since, limits),
          account === null ? null : await accountBlockedUntil(client, account, since, limits),
        );
        if (blockedUntil !== null) {
          await client.query('COMMIT');
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil - at.getTime()) / 1000)),
          };
        }
        const { rows } = await client.query<{ id: string }>(
          'INSERT INTO login_attempts (kind, ip, account_key, attempted_at) VALUES ($1, $2, $3, $4) RETURNING id',
          [kind, ip, account, at],
        );
        await client.query(
          'DELETE FROM login_attempts WHERE id IN (SELECT id FROM login_attempts WHERE attempted_at < $1 LIMIT 100)',
          [since],
        );
        await client.query('COMMIT');
        return { allowed: true, attemptId: String(rows[0]?.id) };
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },

    async succeeded(attemptId) {
      await pool.query('UPDATE login_attempts SET succeeded = true WHERE id = $1', [attemptId]);
    },
  };
}

/** Normalised email, hashed: the table never holds what someone typed into the email field in clear. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

/**
 * When the address may try again, or null if it may now: the limit-th newest attempt in the window has to
 * age out before the count drops below the limit.
 */
async function ipBlockedUntil(client: pg.PoolClient, ip: string, since: Date, limits: LoginRateLimits) {
  const { rows } = await client.query<{ attempted_at: Date }>(
    `SELECT attempted_at FROM login_attempts WHERE ip = $1 AND attempted_at > $2
     ORDER BY attempted_at DESC, id DESC OFFSET $3 LIMIT 1`,
    [ip, since, limits.perIp - 1],
  );
  return blockedUntil(rows[0]?.attempted_at, limits);
}

/** The same for the account, over its failed password checks since its latest successful one. */
async function accountBlockedUntil(
  client: pg.PoolClient,
  account: string,
  since: Date,
  limits: LoginRateLimits,
) {
  const { rows } = await client.query<{ attempted_at: Date }>(
    `SELECT attempted_at FROM login_attempts
     WHERE account_key = $1 AND kind <> 'sign-up' AND NOT succeeded AND attempted_at > $2
       AND id > COALESCE((SELECT max(id) FROM login_attempts WHERE account_key = $1 AND succeeded), 0)
     ORDER BY id DESC OFFSET $3 LIMIT 1`,
    [account, since, limits.perAccount - 1],
  );
  return blockedUntil(rows[0]?.attempted_at, limits);
}

function blockedUntil(attemptedAt: Date | undefined, limits: LoginRateLimits): number | null {
  return attemptedAt === undefined ? null : attemptedAt.getTime() + limits.windowMs;
}

function latest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
