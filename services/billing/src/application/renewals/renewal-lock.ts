import type pg from 'pg';

/**
 * One renewal tick at a time across billing's replicas: a session advisory lock on a connection of its own,
 * tried rather than waited for (the replica that does not get it skips its tick; the holder is doing the work).
 * Correctness does not rest on it, since every step is idempotent by fixed ids; it keeps two replicas from
 * charging the same card in the same second and having the provider refuse one as a concurrent repeat.
 */
export async function tryRenewalLock(pool: pg.Pool): Promise<{ release(): Promise<void> } | null> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext('billing'), hashtext('renewals')) AS locked`,
    );
    if (!rows[0]?.locked) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release(true);
    throw error;
  }
  return {
    async release() {
      try {
        await client.query(`SELECT pg_advisory_unlock(hashtext('billing'), hashtext('renewals'))`);
        client.release();
      } catch {
        // A broken connection has dropped its lock with it.
        client.release(true);
      }
    },
  };
}
