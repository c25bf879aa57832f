import type pg from 'pg';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { silentLogger } from '@app/test-support/service-harness';
import { startedForFile } from '@app/test-support/started-for-file';
import { createPostgresPool, type PostgresPoolOptions } from '../src/index.js';

/**
 * A pool as a service makes it (createPostgresPool) on a database of the file's own, made before the file's tests
 * and ended, with the database dropped, after them. `database.pool` is a plain pool on the same database.
 */
export function servicePoolForFile(options: Omit<PostgresPoolOptions, 'connectionString' | 'logger'>): {
  readonly database: TestDatabase;
  readonly pool: pg.Pool;
} {
  return startedForFile(async () => {
    const database = await createTestDatabase(inject('databaseUrl'));
    const pool = createPostgresPool({ connectionString: database.url, logger: silentLogger, ...options });
    return {
      database,
      pool,
      close: async () => {
        await pool.end();
        await database.drop();
      },
    };
  });
}
