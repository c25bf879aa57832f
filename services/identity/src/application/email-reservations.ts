import type pg from 'pg';
import { ConflictError } from '@app/domain';

/** The one message for a taken email, whichever route or flow meets it. */
export const emailTaken = 'An account with this email already exists';

/**
 * Emails are unique among accounts, case-insensitively (the contracts lower-case them). The event store cannot
 * check a rule across streams, so the command path reserves the email in `user_emails` before it appends, as
 * the catalogue does for slugs (services/catalog/src/application/slug-reservations.ts, same rules). A
 * reservation left behind by a crash, or by a change whose release never ran, is stale once it is old and its
 * user does not hold that email; it is then taken over.
 */
export interface EmailReservations {
  /** Resolves true when this call made the reservation (so a failed command should release it). */
  reserve(email: string, userId: string): Promise<boolean>;
  release(email: string, userId: string): Promise<void>;
  /** After an email change: drops every reservation of the user except the email it now holds. */
  releaseAllExcept(userId: string, keptEmail: string | null): Promise<void>;
}

/** Longer than any command takes, so an in-flight reservation is never mistaken for a stale one. */
const staleAfterSeconds = 60;

export function createEmailReservations(
  db: pg.Pool,
  currentEmailOf: (userId: string) => Promise<string | null>,
): EmailReservations {
  const release = async (email: string, userId: string) => {
    await db.query('DELETE FROM user_emails WHERE email = $1 AND user_id = $2', [email, userId]);
  };
  return {
    async reserve(email, userId) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const inserted = await db.query(
          'INSERT INTO user_emails (email, user_id) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING',
          [email, userId],
        );
        if (inserted.rowCount === 1) return true;
        const { rows } = await db.query<{ user_id: string; age_seconds: number }>(
          'SELECT user_id, extract(epoch FROM now() - reserved_at)::float8 AS age_seconds FROM user_emails WHERE email = $1',
          [email],
        );
        const holder = rows[0];
        if (!holder) continue;
        if (holder.user_id === userId) return false;
        const stale =
          holder.age_seconds > staleAfterSeconds && (await currentEmailOf(holder.user_id)) !== email;
        if (!stale) throw new ConflictError(emailTaken);
        await release(email, holder.user_id);
      }
      throw new ConflictError('This email is being registered by another request right now; try again');
    },
    release,
    async releaseAllExcept(userId, keptEmail) {
      await db.query('DELETE FROM user_emails WHERE user_id = $1 AND email IS DISTINCT FROM $2', [
        userId,
        keptEmail,
      ]);
    },
  };
}
