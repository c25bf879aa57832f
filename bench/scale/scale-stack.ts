/**
 * The platform the scale bench grows, as `npm start` runs it (scripts/start.ts, launcher/services.ts): the built
 * catalog, identity, tenancy and billing services in that order, each seeded once it is ready, then the gateway
 * in front of all four serving the built shell and remotes, with usage metering on. Monitoring is left out: no
 * measured screen or list reads it, and its scrape scheduler would only compete for the two cores. On free ports,
 * against the bench's own database and NATS prefix (bench/stack.ts does the same for `npm run bench`).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { billingStream, catalogStream, gatewayStream, identityStream, tenancyStream } from '@app/contracts';
import { freePort, uniquePrefix } from '@app/test-support';
import { gatewayEntry, services, webApps } from '../../scripts/launcher/services.js';
import { runToCompletion, startProcess, waitForReady, type ChildProcessHandle } from '../processes.js';
import { deleteNatsStream } from '../stack.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The services the bench measures, in `npm start`'s order. */
export const measuredServices = ['catalog', 'identity', 'tenancy', 'billing'] as const;
export type MeasuredService = (typeof measuredServices)[number];

export interface ScaleStack {
  gatewayUrl: string;
  serviceUrls: Record<MeasuredService, string>;
  /** NATS_PREFIX of every process: their streams are `<natsPrefix>_CATALOG` and so on. */
  natsPrefix: string;
  /** What each service's own commands (its seed, its rebuild) need besides PATH: its storage and key ring. */
  commandEnv: Record<string, string>;
  stop(): Promise<void>;
}

export interface ScaleStackOptions {
  databaseUrl: string;
  natsUrl: string;
  path: string;
  /** Aborted: no further process starts, and those already started are stopped (the start then rejects). */
  signal?: AbortSignal;
}

/** A service's readiness may take a while at 100,000 tenants: its migrations and first lag count run first. */
const readyTimeoutMs = 120_000;

export async function startScaleStack(options: ScaleStackOptions): Promise<ScaleStack> {
  const natsPrefix = uniquePrefix('scale');
  // Only what the services need: a stray EVENTSTORE_URL or OTLP endpoint in the caller's shell stays out.
  const commandEnv = {
    PATH: options.path,
    DATABASE_URL: options.databaseUrl,
    // A fresh key ring per run: tenancy seals provider passwords with it; nothing sealed outlives the run.
    SECRETS_KEYS: `bench:${randomBytes(32).toString('base64')}`,
  };
  const shared = {
    ...commandEnv,
    NATS_URL: options.natsUrl,
    NATS_PREFIX: natsPrefix,
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const running: ChildProcessHandle[] = [];
  let stopping: Promise<void> | undefined;
  const stopAll = async () => {
    for (const child of running.reverse()) await child.stop(15_000);
    for (const stream of [catalogStream, identityStream, tenancyStream, billingStream, gatewayStream])
      await deleteNatsStream(options.natsUrl, `${natsPrefix}_${stream.name}`);
  };
  const stop = () => (stopping ??= stopAll());
  // Stopping the children also ends the wait for the one starting: its readiness wait sees it exit.
  options.signal?.addEventListener('abort', () => void stop(), { once: true });
  const start = async (name: string, entry: string, env: Record<string, string>, url: string) => {
    if (stopping) throw new Error(`not starting ${name}: the bench is stopping`);
    const child = startProcess(name, process.execPath, [resolve(root, entry)], env);
    running.push(child);
    await waitForReady(`${url}/health/ready`, child, readyTimeoutMs);
  };

  const serviceUrls: Partial<Record<MeasuredService, string>> = {};
  const addresses: Record<string, string> = {};
  try {
    for (const name of measuredServices) {
      const service = services.find((candidate) => candidate.name === name);
      if (!service) throw new Error(`scripts/launcher/services.ts no longer starts ${name}`);
      const url = `http://127.0.0.1:${await freePort()}`;
      const env = { ...shared, ...addresses, PORT: new URL(url).port };
      await start(name, service.entry, env, url);
      // After the service is ready, as npm start runs it: tenancy's and billing's seeds wait on what the running
      // service keeps (its read models, its copy of the catalogue).
      if (service.seed)
        await runToCompletion(`${name} seed`, process.execPath, [resolve(root, service.seed)], env);
      serviceUrls[name] = url;
      addresses[service.gatewayUrlVariable] = url;
    }
    const gatewayUrl = `http://127.0.0.1:${await freePort()}`;
    const gatewayEnv = {
      ...shared,
      ...addresses,
      PORT: new URL(gatewayUrl).port,
      USAGE_METERING: 'on',
      ...webApps(root),
    };
    await start('gateway', gatewayEntry, gatewayEnv, gatewayUrl);
    return {
      gatewayUrl,
      serviceUrls: serviceUrls as Record<MeasuredService, string>,
      natsPrefix,
      commandEnv,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The built entry of one of a service's commands, `dist/<command>.cjs`. */
export function serviceCommand(service: MeasuredService, command: string): string {
  return resolve(root, 'services', service, 'dist', `${command}.cjs`);
}
