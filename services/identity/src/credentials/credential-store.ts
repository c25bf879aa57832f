import type pg from 'pg';
import { ValidationError } from '@app/domain';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPasswordHash } from './password-hashing.js';
import { passwordProblem } from './password-policy.js';

/**
 * Password hashes in `credentials` (migration 101). They live outside the event store on purpose: events are
 * kept forever and published, a hash must be replaceable and never leave this table.
 */
export interface CredentialStore {
  /** Checks the password rules (ValidationError on `password`), hashes and stores it. */
  setPassword(userId: string, password: string): Promise<void>;
  /** Stores a hash made earlier with hashPassword (sign-up hashes before the account exists). */
  savePasswordHash(userId: string, passwordHash: string): Promise<void>;
  /**
   * True only when `userId` has credentials and the password matches. Pass null for "no such account": the
   * same argon2 work is done either way, so timing does not reveal which case it was.
   */
  verifyPassword(userId: string | null, password: string): Promise<boolean>;
}

export function createCredentialStore(pool: pg.Pool, now: () => Date = () => new Date()): CredentialStore {
  async function savePasswordHash(userId: string, passwordHash: string): Promise<void> {
    await pool.query(
      `INSERT INTO credentials (user_id, password_hash, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = EXCLUDED.updated_at`,
      [userId, passwordHash, now()],
    );
  }

  return {
    async setPassword(userId, password) {
      const problem = passwordProblem(password);
      if (problem !== null) throw new ValidationError(problem, [{ path: 'password', message: problem }]);
      await savePasswordHash(userId, await hashPassword(password));
    },

    savePasswordHash,

    async verifyPassword(userId, password) {
      const stored = userId === null ? undefined : await findHash(pool, userId);
      if (stored === undefined) {
        await verifyPasswordHash(await dummyPasswordHash(), password);
        return false;
      }
      const matches = await verifyPasswordHash(stored, password);
      // Parameters only ever get stronger; the plain password is at hand only now, so upgrade while we can.
      if (matches && userId !== null && needsRehash(stored)) {
        await savePasswordHash(userId, await hashPassword(password));
      }
      return matches;
    },
  };
}

async function findHash(pool: pg.Pool, userId: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ password_hash: string }>(
    'SELECT password_hash FROM credentials WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.password_hash;
}
