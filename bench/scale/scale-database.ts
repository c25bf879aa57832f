import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from '@app/test-support';

export interface ScaleDatabase {
  url: string;
  /** A small pool of the bench's own, for the loader and the catch-up counts. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * The run's own database, dropped at the end (even on Ctrl-C). Not named `t_…` like a test's: the test setup drops
 * `t_` databases older than an hour as left behind, and a 100,000-tenant run takes longer than that.
 */
export async function createScaleDatabase(serverUrl: string): Promise<ScaleDatabase> {
  const name = `scale_${Date.now().toString(36)}_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // The forced drop may end a connection pool.end() has not closed yet: not a crash.
  pool.on('error', () => undefined);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
