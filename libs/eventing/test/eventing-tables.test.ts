import { describe, expect, it } from 'vitest';
import { ensureEventingTables } from '../src/index.js';
import { servicePoolForFile } from './service-pool.js';

const service = servicePoolForFile({ schema: 'eventing_tables_test', max: 4, acquireTimeoutMs: 5_000 });

/** The session that holds the schema's DDL lock, as a second process creating the tables at once would. */
async function holdingDdlLock(schema: string) {
  const client = await service.database.pool.connect();
  await client.query('BEGIN');
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`eventing-tables:${schema}`]);
  return {
    release: async () => {
      await client.query('ROLLBACK');
      client.release();
    },
    commit: async (work: string) => {
      await client.query(work);
      await client.query('COMMIT');
      client.release();
    },
  };
}

async function advisoryLockWaiters(): Promise<number> {
  const { rows } = await service.database.pool.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_locks
     WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows[0]?.waiting ?? 0;
}

async function columnsOf(schema: string, table: string): Promise<string[]> {
  const { rows } = await service.database.pool.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2
     ORDER BY column_name`,
    [schema, table],
  );
  return rows.map((row) => row.column_name);
}

describe('the eventing tables', () => {
  it('are created in a new schema', async () => {
    await ensureEventingTables(service.pool, 'eventing_new');

    expect(await columnsOf('eventing_new', 'checkpoints')).toEqual([
      'commit',
      'name',
      'prepare',
      'store',
      'updated_at',
    ]);
    expect(await columnsOf('eventing_new', 'deferred_indexes')).not.toEqual([]);
  });

  it('are made once when another process creates the schema while this one waits for the lock', async () => {
    const lock = await holdingDdlLock('eventing_raced');
    const ensured = ensureEventingTables(service.pool, 'eventing_raced');
    await expect.poll(() => advisoryLockWaiters(), { timeout: 5_000 }).toBe(1);
    // The other process's work, committed after this one looked for the schema and found none.
    await lock.commit(`CREATE SCHEMA eventing_raced`);
    await ensured;

    expect(await columnsOf('eventing_raced', 'checkpoints')).toContain('store');
  });

  it('once up to date, are only read: no DDL, so no wait for another process creating them', async () => {
    await ensureEventingTables(service.pool, 'eventing_current');
    const lock = await holdingDdlLock('eventing_current');
    try {
      await ensureEventingTables(service.pool, 'eventing_current');
    } finally {
      await lock.release();
    }
  });

  it('are brought up to date when the schema holds other DDL than this version’s', async () => {
    await ensureEventingTables(service.pool, 'eventing_older');
    // A schema an older version made: without a column added since, and its fingerprint.
    await service.database.pool.query(`
      ALTER TABLE eventing_older.checkpoints DROP COLUMN store;
      UPDATE eventing_older.eventing_tables SET fingerprint = 'an older version'`);

    const lock = await holdingDdlLock('eventing_older');
    const ensured = ensureEventingTables(service.pool, 'eventing_older');
    await expect.poll(() => advisoryLockWaiters(), { timeout: 5_000 }).toBe(1);
    await lock.release();
    await ensured;

    expect(await columnsOf('eventing_older', 'checkpoints')).toContain('store');
    const lockAgain = await holdingDdlLock('eventing_older');
    try {
      await ensureEventingTables(service.pool, 'eventing_older');
    } finally {
      await lockAgain.release();
    }
  });
});
