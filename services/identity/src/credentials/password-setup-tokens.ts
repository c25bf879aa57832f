import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { inTransaction } from '@app/eventing';
import type { PasswordSetupLink } from '@app/contracts';
import type { PasswordSetupMail } from '../integration/password-setup-mail.js';
import { hashSessionToken, isWellFormedSessionToken, newSessionToken } from '../sessions/session-token.js';

/** How long an admin's link stays usable: a long weekend between creating the account and its first use. */
export const passwordSetupTtlMs = 72 * 60 * 60 * 1000;

export interface IssuedSetupToken {
  /** The secret for the link; never stored, never logged. */
  token: string;
  expiresAt: Date;
}

export interface PasswordSetupTokens {
  /** A new link for `userId`; the user's earlier unused links stop working. */
  issue(userId: string): Promise<IssuedSetupToken>;
  /** Whose link this is, while it is unused and unexpired; null otherwise (also for junk). */
  peek(token: string): Promise<{ userId: string } | null>;
  /**
   * Spends the link: exactly one of any number of concurrent calls gets the user id, the others (and every later
   * call) null.
   */
  consume(token: string): Promise<{ userId: string } | null>;
}

/** Spent and expired rows stay this long (for support questions), then go, a bounded batch per issue. */
const retentionMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Password-setup links in `password_setup_tokens` (migration 104). The token is made and hashed like a session
 * token (256 random bits, base64url; SHA-256 in the table), so the same shape check keeps junk from the database.
 */
export function createPasswordSetupTokens(
  pool: pg.Pool,
  options: { now?: () => Date; ttlMs?: number } = {},
): PasswordSetupTokens {
  const now = options.now ?? (() => new Date());
  const ttlMs = options.ttlMs ?? passwordSetupTtlMs;
  if (!(Number.isFinite(ttlMs) && ttlMs > 0)) throw new Error('The setup link lifetime must be positive');

  return {
    async issue(userId) {
      const at = now();
      const token = newSessionToken();
      const expiresAt = new Date(at.getTime() + ttlMs);
      // One transaction: a link never exists beside an older unused one for the same account.
      await inTransaction(pool, async (client) => {
        await client.query('DELETE FROM password_setup_tokens WHERE user_id = $1 AND used_at IS NULL', [
          userId,
        ]);
        await client.query(
          `INSERT INTO password_setup_tokens (token_hash, user_id, created_at, expires_at)
           VALUES ($1, $2, $3, $4)`,
          [hashSessionToken(token), userId, at, expiresAt],
        );
      });
      await pool.query(
        `DELETE FROM password_setup_tokens WHERE token_hash IN
           (SELECT token_hash FROM password_setup_tokens WHERE expires_at < $1 LIMIT 100)`,
        [new Date(at.getTime() - retentionMs)],
      );
      return { token, expiresAt };
    },

    async peek(token) {
      if (!isWellFormedSessionToken(token)) return null;
      const { rows } = await pool.query<{ user_id: string }>(
        `SELECT user_id FROM password_setup_tokens
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
        [hashSessionToken(token), now()],
      );
      return rows[0] ? { userId: rows[0].user_id } : null;
    },

    async consume(token) {
      if (!isWellFormedSessionToken(token)) return null;
      const at = now();
      // Conditional update: the row lock makes a concurrent second submit wait, then find used_at set.
      const { rows } = await pool.query<{ user_id: string }>(
        `UPDATE password_setup_tokens SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING user_id`,
        [hashSessionToken(token), at],
      );
      return rows[0] ? { userId: rows[0].user_id } : null;
    },
  };
}

/** Where the link points: absolute when identity knows its public address, else a path on the app's origin. */
export function passwordSetupUrl(token: string, publicUrl?: string): string {
  const path = `/api/login/setup?token=${encodeURIComponent(token)}`;
  return publicUrl === undefined ? path : new URL(path, publicUrl).toString();
}

/** Whom a link is for, as the admin routes know the account. */
export interface SetupLinkRecipient {
  id: string;
  email: string;
  firstName: string | null;
}

/**
 * What the admin routes hand out: a fresh link for the account, as the contracts describe it, also handed to
 * notifications to mail when `mail` is wired (`emailed` says whether it took it). A fresh `linkId` per link is the
 * key under which notifications queues it once.
 */
export function setupLinkIssuer(
  tokens: PasswordSetupTokens,
  options: {
    publicUrl?: string | undefined;
    mail?: PasswordSetupMail | undefined;
    newId?: () => string;
  } = {},
) {
  const { publicUrl, mail, newId = uuidv7 } = options;
  return async (user: SetupLinkRecipient): Promise<PasswordSetupLink> => {
    const { token, expiresAt } = await tokens.issue(user.id);
    const link = { url: passwordSetupUrl(token, publicUrl), expiresAt: expiresAt.toISOString() };
    if (mail === undefined) return { ...link, emailed: false };
    const emailed = await mail.send({
      linkId: newId(),
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      secretLink: link.url,
      expiresAt: link.expiresAt,
    });
    return { ...link, emailed };
  };
}
