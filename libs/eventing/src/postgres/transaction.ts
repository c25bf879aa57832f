import type pg from 'pg';

export interface TransactionOptions {
  /**
   * COMMIT without waiting for the WAL to reach the disk (Postgres's synchronous_commit = off). A crash of Postgres
   * may then lose the transaction, but whole, and only with every transaction committed after it; others see it
   * as soon as it commits. For work a crash can only undo, never break: a rebuild's.
   */
  asynchronousCommit?: boolean;
}

/**
 * Runs `work` in one transaction on one pooled connection: BEGIN, work, COMMIT, or ROLLBACK and rethrow. The
 * caller sees the error `work` threw, not a failed ROLLBACK's: when the connection itself broke, the ROLLBACK
 * fails too, and that connection is then destroyed rather than handed to the next caller. `work` must use only
 * the client it is given: asking the same pool for another connection meanwhile is how a service wedges itself
 * once every connection waits for a second one.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // One round trip either way: a simple query may hold two statements.
    await client.query(options.asynchronousCommit ? 'BEGIN; SET LOCAL synchronous_commit = off' : 'BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
