import pg from 'pg';
import { randomUUID } from 'node:crypto';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop: () => Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * The name's first part. `t` by default: the test setup drops `t_` databases older than an hour as left
   * behind, so anything meant to outlive that (the scale benchmark's run) takes another.
   */
  prefix?: string;
  poolSize?: number;
}

/**
 * A database of its own for one test file, so files running side by side never see each other's rows or
 * events. Dropped (with FORCE, ending stray connections) when the file is done.
 */
export async function createTestDatabase(
  serverUrl: string,
  { prefix = 't', poolSize = 10 }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  return {
    url,
    pool,
    drop: async () => {
      // pool.end() resolves before its sockets close; the forced drop below may then end one of them, which
      // must not surface as an unhandled pool error.
      pool.on('error', () => undefined);
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

/**
 * A database of its own (createTestDatabase) with a pool that works in `schema`, its search_path, for tests that
 * prepare the schema themselves. `close` ends the pool and drops the database.
 */
export async function createSchemaDatabase(
  serverUrl: string,
  schema: string,
): Promise<{ pool: pg.Pool; close: () => Promise<void> }> {
  const database = await createTestDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: database.url, max: 10, options: `-c search_path=${schema}` });
  return {
    pool,
    async close() {
      // As in drop(): the forced drop may end a connection pool.end() has not closed yet.
      pool.on('error', () => undefined);
      await pool.end();
      await database.drop();
    },
  };
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Drops test databases that a killed run left behind: those whose name says they were made more than
 * `olderThanMs` ago. Younger ones may belong to a run in progress on the same server, so they stay.
 */
export async function dropStaleTestDatabases(
  serverUrl: string,
  olderThanMs = 60 * 60 * 1000,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 't\\_%'",
    );
    const stale = rows
      .map((row) => row.datname)
      .filter((name) => {
        const made = /^t_([0-9a-z]+)_[0-9a-f]+$/.exec(name)?.[1];
        // Names without a time come from before this scheme: always stale.
        return made === undefined || Date.now() - parseInt(made, 36) > olderThanMs;
      });
    for (const name of stale) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return stale;
  } finally {
    await client.end();
  }
}
