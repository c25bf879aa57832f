import pg from 'pg';
import { randomUUID } from 'node:crypto';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop: () => Promise<void>;
}

/**
 * A database of its own for one test file, so files running side by side never see each other's rows or
 * events. Dropped (with FORCE, ending stray connections) when the file is done.
 */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
