import type pg from 'pg';

/** (issuer, subject) → account, in `oidc_identities` (migration 105). */
export interface OidcIdentities {
  findUserId(issuer: string, subject: string): Promise<string | null>;
  /**
   * Links the provider's person to `userId`. False when that account is already linked to another subject of
   * this issuer, or the subject to another account (a concurrent first sign-in): the caller refuses.
   */
  link(issuer: string, subject: string, userId: string): Promise<boolean>;
}

export function createOidcIdentities(pool: pg.Pool, now: () => Date = () => new Date()): OidcIdentities {
  async function findUserId(issuer: string, subject: string): Promise<string | null> {
    const { rows } = await pool.query<{ user_id: string }>(
      'SELECT user_id FROM oidc_identities WHERE issuer = $1 AND subject = $2',
      [issuer, subject],
    );
    return rows[0]?.user_id ?? null;
  }

  return {
    findUserId,
    async link(issuer, subject, userId) {
      const inserted = await pool.query(
        `INSERT INTO oidc_identities (issuer, subject, user_id, linked_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [issuer, subject, userId, now()],
      );
      if (inserted.rowCount === 1) return true;
      return (await findUserId(issuer, subject)) === userId;
    },
  };
}
