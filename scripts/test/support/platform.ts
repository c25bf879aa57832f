import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { billingStream, catalogStream, gatewayStream, identityStream, tenancyStream } from '@app/contracts';
import { connectNats } from '@app/eventing';
import { createTestDatabase, freePortBlock, uniquePrefix, type TestDatabase } from '@app/test-support';
import { services } from '../../launcher/services.js';
import { withBuildLock } from './build-lock.js';
import { buildOncePerRun } from './build-once.js';

/**
 * `npm start` as a user runs it (README "Two commands"), on the Postgres server and NATS of this test run instead
 * of the embedded ones: a database and a NATS prefix of its own, the gateway and the services on free ports.
 * With `embedded`, on its own embedded Postgres and nats-server instead, in a data folder of its own.
 */
export interface Platform {
  gatewayUrl: string;
  gatewayPort: number;
  /** The first service's port; the others follow it (SERVICES_BASE_PORT). */
  servicesPort: number;
  /** The demo tenant app's (DEMO_APP_PORT): its metrics and its webhook receiver's page. */
  demoAppPort: number;
  /** `node dist/start.cjs`, or npm with `via: 'npm'`. */
  launcher: ChildProcess;
  /** How the launcher (npm with `via: 'npm'`) ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the launcher and its services printed so far. */
  output(): string;
  /** Stops the launcher (Ctrl-C, then SIGKILL), deletes the NATS streams and drops the database. */
  dispose(): Promise<void>;
}

/** Bound of a hook that starts a platform: the build lock's wait (withBuildLock, up to 90 s), then the start's. */
export const platformStartBoundMs = 240_000;

interface CommonOptions {
  /** Start of the NATS prefix, to tell test files apart in `nats stream ls`. */
  label?: string;
  readyTimeoutMs?: number;
  /**
   * `npm`: `npm start` (which builds first) in a process group of its own, like a terminal's foreground job, so
   * a test can send Ctrl-C to the whole group. `node` (default): `npm run build`, then `node dist/start.cjs`.
   */
  via?: 'node' | 'npm';
  /** More launcher variables, e.g. RESTART_DELAY_MS. */
  env?: Record<string, string>;
}

export type PlatformOptions = CommonOptions &
  (
    | {
        /** Postgres server URL; the platform gets a database of its own on it. */
        serverUrl: string;
        natsUrl: string;
      }
    | { embedded: true }
  );

type Exit = Awaited<Platform['exited']>;

const streams = [catalogStream, identityStream, tenancyStream, billingStream, gatewayStream].map(
  (stream) => stream.name,
);
const root = process.cwd();

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const infrastructure =
    'embedded' in options ? await embeddedInfrastructure() : await sharedInfrastructure(options);
  let launcher: ChildProcess | undefined;
  let exited: Promise<Exit> | undefined;
  let output = '';
  // The demo endpoint's secret of this platform's own: platforms side by side must not share one file.
  const demoWebhookFile = join(tmpdir(), `demo-webhook-${randomBytes(6).toString('hex')}.json`);
  const dispose = async () => {
    if (launcher && exited) await stopLauncher(launcher, exited, options.via === 'npm');
    await infrastructure.dispose();
    await rm(demoWebhookFile, { force: true });
  };

  try {
    // The services take SERVICES_BASE_PORT and the ports after it: the whole block must be free, not just its base.
    const gatewayPort = await freePortBlock(1);
    const servicesPort = await freePortBlock(services.length);
    const demoAppPort = await freePortBlock(1);
    const mailCatcherPorts = await freePortBlock(2);
    const env = {
      ...infrastructure.env,
      ...launcherEnv({ gatewayPort, servicesPort, demoAppPort, mailCatcherPorts }),
      DEMO_WEBHOOK_FILE: demoWebhookFile,
      ...options.env,
    };
    await withBuildLock(root, async () => {
      if (options.via !== 'npm') await buildOncePerRun(root);
      const [command, args] =
        options.via === 'npm' ? ['npm', ['start']] : [process.execPath, ['dist/start.cjs']];
      launcher = spawn(command, args, {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: options.via === 'npm',
      });
      const child = launcher;
      exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      launcher.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitForOutput(launcher, () => output, 'The platform is running at', options.readyTimeoutMs);
    });
    return {
      gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
      gatewayPort,
      servicesPort,
      demoAppPort,
      launcher: launcher as ChildProcess,
      exited: exited as Promise<Exit>,
      output: () => output,
      dispose,
    };
  } catch (error) {
    await dispose().catch(() => undefined);
    throw error;
  }
}

interface Infrastructure {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

async function sharedInfrastructure(options: { serverUrl: string; natsUrl: string; label?: string }) {
  const prefix = uniquePrefix(options.label ?? 'p');
  const database: TestDatabase = await createTestDatabase(options.serverUrl);
  return {
    env: { DATABASE_URL: database.url, NATS_URL: options.natsUrl, NATS_PREFIX: prefix },
    dispose: async () => {
      await deleteStreams(options.natsUrl, prefix);
      await database.drop();
    },
  } satisfies Infrastructure;
}

/** The launcher's own Postgres and nats-server, as on a newcomer's first start, in a folder deleted afterwards. */
async function embeddedInfrastructure(): Promise<Infrastructure> {
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-'));
  // As root, Postgres runs as the postgres user, which must reach its data folder.
  await chmod(dataDir, 0o755);
  return {
    env: {
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePortBlock(1)),
      EMBEDDED_NATS_PORT: String(await freePortBlock(1)),
    },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** Only what the launcher reads; a stray EVENTSTORE_URL or OTLP endpoint in the caller's shell stays out. */
function launcherEnv(ports: {
  gatewayPort: number;
  servicesPort: number;
  demoAppPort: number;
  /** maildev's SMTP port and, after it, its inbox's: platforms started side by side each catch their own mail. */
  mailCatcherPorts: number;
}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    // npm keeps its cache and configuration there.
    HOME: process.env.HOME ?? tmpdir(),
    PORT: String(ports.gatewayPort),
    SERVICES_BASE_PORT: String(ports.servicesPort),
    DEMO_APP_PORT: String(ports.demoAppPort),
    MAILDEV_SMTP_PORT: String(ports.mailCatcherPorts),
    MAILDEV_WEB_PORT: String(ports.mailCatcherPorts + 1),
    // A key ring of this run's own, so the launcher writes none into the checkout's data folder.
    SECRETS_KEYS: `test:${randomBytes(32).toString('base64')}`,
  };
}

async function waitForOutput(
  child: ChildProcess,
  output: () => string,
  line: string,
  // Eight services and their seeds start one after another: about 35 s on an idle machine, over a minute when
  // the whole suite shares its two cores.
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!output().includes(line)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not come up:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Ctrl-C, as a user stops it: the launcher stops every service in order (to npm's whole process group, as a
 * terminal sends it, when started through npm). SIGKILL only as a last resort, since the services run in
 * process groups of their own and would outlive a killed launcher.
 */
async function stopLauncher(
  launcher: ChildProcess,
  exited: Promise<Exit>,
  ownGroup: boolean,
  graceMs = 30_000,
): Promise<void> {
  if (launcher.exitCode !== null || launcher.signalCode !== null || launcher.pid === undefined) return;
  const pid = launcher.pid;
  const signal = (name: NodeJS.Signals) => {
    try {
      if (ownGroup) process.kill(-pid, name);
      else launcher.kill(name);
    } catch {
      // The group emptied in the meantime.
    }
  };
  signal('SIGINT');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Deletes the streams the platform created under `prefix`. */
export async function deleteStreams(natsUrl: string, prefix: string): Promise<void> {
  const nats = await connectNats({ url: natsUrl, name: 'platform-test' });
  try {
    const jsm = await jetstreamManager(nats);
    for (const stream of streams) await jsm.streams.delete(`${prefix}_${stream}`).catch(() => undefined);
  } finally {
    await nats.close();
  }
}

/** Whether anything still answers HTTP on the port. */
export async function portOpen(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/health/live`).then(
    () => true,
    () => false,
  );
}
