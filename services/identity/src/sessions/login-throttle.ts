import { createHash } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '@app/eventing';
import { defaultLoginRateLimits, refusalFor, type LimitName, type LoginRateLimits } from './login-limits.js';

export { defaultLoginRateLimits, type LimitName, type LoginRateLimits } from './login-limits.js';

export type AttemptKind = 'sign-in' | 'sign-up' | 'password-change';

export type AttemptAdmission =
  { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number; limit: LimitName };

export interface LoginThrottle {
  /** Counts the attempt (as failed until `succeeded`) or refuses it; refused attempts are not counted. */
  begin(input: { kind: AttemptKind; ip: string; email: string | null }): Promise<AttemptAdmission>;
  /** The password was right (or the sign-up went through): no longer a failure, and its address a usual one. */
  succeeded(attemptId: string): Promise<void>;
}

/**
 * Rate limits in Postgres (migrations 103 and 109), so every identity replica sees the same counts. Advisory locks
 * on the address and the account make check-and-count atomic: parallel guesses cannot all slip under a limit. An
 * attempt is written as failed before the password is checked, so guesses in flight count at once.
 *
 * One pooled connection per call, and nothing but this transaction's own queries on it while it is open: no
 * other pool acquisition can wait behind a held one.
 */
export function createLoginThrottle(
  pool: pg.Pool,
  limits: LoginRateLimits = defaultLoginRateLimits,
  now: () => Date = () => new Date(),
): LoginThrottle {
  assertSensible(limits);
  return {
    async begin({ kind, ip, email }) {
      const at = now();
      // Only password checks count against an account; a sign-up is limited by address alone.
      const account = kind !== 'sign-up' && email !== null ? accountKey(email) : null;
      return inTransaction(pool, async (client): Promise<AttemptAdmission> => {
        // Two lock spaces (1: address, 2: account), always taken in that order, so they cannot deadlock.
        await client.query('SELECT pg_advisory_xact_lock(1, hashtext($1))', [ip]);
        if (account !== null) await client.query('SELECT pg_advisory_xact_lock(2, hashtext($1))', [account]);
        const refused = await refusalFor(client, { ip, account, at }, limits);
        if (refused !== null) {
          const retryAfterSeconds = Math.max(1, Math.ceil((refused.until - at.getTime()) / 1000));
          return { allowed: false, retryAfterSeconds, limit: refused.limit };
        }
        const { rows } = await client.query<{ id: string }>(
          'INSERT INTO login_attempts (kind, ip, account_key, attempted_at) VALUES ($1, $2, $3, $4) RETURNING id',
          [kind, ip, account, at],
        );
        await client.query(
          'DELETE FROM login_attempts WHERE id IN (SELECT id FROM login_attempts WHERE attempted_at < $1 LIMIT 100)',
          [new Date(at.getTime() - limits.windowMs)],
        );
        return { allowed: true, attemptId: String(rows[0]?.id) };
      });
    },

    async succeeded(attemptId) {
      const at = now();
      await pool.query(
        `WITH attempt AS (UPDATE login_attempts SET succeeded = true WHERE id = $1 RETURNING account_key, ip)
         INSERT INTO login_known_addresses (account_key, ip, last_succeeded_at)
         SELECT account_key, ip, $2 FROM attempt WHERE account_key IS NOT NULL
         ON CONFLICT (account_key, ip) DO UPDATE SET last_succeeded_at = EXCLUDED.last_succeeded_at`,
        [attemptId, at],
      );
      await pool.query(
        `DELETE FROM login_known_addresses WHERE (account_key, ip) IN (
           SELECT account_key, ip FROM login_known_addresses WHERE last_succeeded_at < $1 LIMIT 100)`,
        [new Date(at.getTime() - limits.knownAddressMs)],
      );
    },
  };
}

/** Normalised email, hashed: the tables never hold what someone typed into the email field in clear. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

function assertSensible(limits: LoginRateLimits): void {
  const counts = [
    limits.perAccountAndAddress,
    limits.perAccount,
    limits.perAddress,
    limits.signUpsPerAddress,
  ];
  if (!(limits.windowMs > 0 && limits.knownAddressMs > 0 && counts.every((count) => count >= 1))) {
    throw new Error('Login rate limits need positive durations and limits of at least 1');
  }
}
