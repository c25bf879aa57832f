import { randomBytes } from 'node:crypto';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { billingStream, catalogStream, gatewayStream, identityStream, tenancyStream } from '@app/contracts';
import { connectNats } from '@app/eventing';
import { createTestDatabase, uniquePrefix, type TestDatabase } from '@app/test-support';
import { withBuildLock } from './build-lock.js';

/**
 * `npm start` as a user runs it (README "Two commands"), on the Postgres server and NATS of this test run instead
 * of the embedded ones: a database and a NATS prefix of its own, the gateway and the services on free ports.
 */
export interface Platform {
  gatewayUrl: string;
  gatewayPort: number;
  /** The first service's port; the others follow it (SERVICES_BASE_PORT). */
  servicesPort: number;
  launcher: ChildProcess;
  /** Everything the launcher and its services printed so far. */
  output(): string;
  /** Stops the launcher (Ctrl-C, then SIGKILL), deletes the NATS streams and drops the database. */
  dispose(): Promise<void>;
}

export interface PlatformOptions {
  /** Postgres server URL; the platform gets a database of its own on it. */
  serverUrl: string;
  natsUrl: string;
  /** Start of the NATS prefix, to tell test files apart in `nats stream ls`. */
  label?: string;
  readyTimeoutMs?: number;
}

const run = promisify(execFile);
const streams = [catalogStream, identityStream, tenancyStream, billingStream, gatewayStream].map(
  (stream) => stream.name,
);
const root = process.cwd();

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const prefix = uniquePrefix(options.label ?? 'p');
  const database = await createTestDatabase(options.serverUrl);
  let launcher: ChildProcess | undefined;
  let output = '';
  const dispose = async () => {
    if (launcher) await stopLauncher(launcher);
    await deleteStreams(options.natsUrl, prefix);
    await database.drop();
  };

  try {
    const gatewayPort = await freePort();
    const servicesPort = await freePort();
    const demoAppPort = await freePort();
    await withBuildLock(root, async () => {
      await run('npm', ['run', 'build'], { cwd: root });
      launcher = spawn(process.execPath, ['dist/start.cjs'], {
        cwd: root,
        env: launcherEnv(database, options.natsUrl, prefix, { gatewayPort, servicesPort, demoAppPort }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      launcher.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitForOutput(launcher, () => output, 'The platform is running at', options.readyTimeoutMs);
    });
    return {
      gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
      gatewayPort,
      servicesPort,
      launcher: launcher as ChildProcess,
      output: () => output,
      dispose,
    };
  } catch (error) {
    await dispose().catch(() => undefined);
    throw error;
  }
}

/** Only what the launcher reads; a stray EVENTSTORE_URL or OTLP endpoint in the caller's shell stays out. */
function launcherEnv(
  database: TestDatabase,
  natsUrl: string,
  prefix: string,
  ports: { gatewayPort: number; servicesPort: number; demoAppPort: number },
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATABASE_URL: database.url,
    NATS_URL: natsUrl,
    NATS_PREFIX: prefix,
    PORT: String(ports.gatewayPort),
    SERVICES_BASE_PORT: String(ports.servicesPort),
    DEMO_APP_PORT: String(ports.demoAppPort),
    // A key ring of this run's own, so the launcher writes none into the checkout's data folder.
    SECRETS_KEYS: `test:${randomBytes(32).toString('base64')}`,
  };
}

async function waitForOutput(
  child: ChildProcess,
  output: () => string,
  line: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!output().includes(line)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not come up:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Ctrl-C, as a user stops it: the launcher stops every service in order. SIGKILL only as a last resort, since
 * the services run in process groups of their own and would outlive a killed launcher.
 */
async function stopLauncher(launcher: ChildProcess, graceMs = 30_000): Promise<void> {
  if (launcher.exitCode !== null || launcher.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => launcher.once('exit', () => resolve()));
  launcher.kill('SIGINT');
  const timer = setTimeout(() => launcher.kill('SIGKILL'), graceMs);
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether anything still answers HTTP on the port. */
export async function portOpen(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/health/live`).then(
    () => true,
    () => false,
  );
}
