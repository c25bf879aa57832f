/**
 * The real deployables as `npm start` runs them: built bundles; the catalog, identity, tenancy and billing
 * services, each seeded once it is ready; the gateway in front of all four (IDENTITY_URL set, so it resolves
 * session cookies), metering usage onto NATS as in production, and a second gateway, the same but with
 * USAGE_METERING=off, for figure 7's baseline. Both also serve the built shell and remotes (WEB_ROOT) for figures
 * 10, 11 and 12 (whose signed-in screens read tenancy and billing). On free ports, against the bench's own
 * database and NATS prefix.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { billingStream, catalogStream, gatewayStream, identityStream, tenancyStream } from '@app/contracts';
import { connectNats } from '@app/eventing';
import { freePort, uniquePrefix } from '@app/test-support';
import { webApps } from '../scripts/launcher/services.js';
import { runToCompletion, startProcess, waitForReady, type ChildProcessHandle } from './processes.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const catalogServer = resolve(root, 'services/catalog/dist/server.cjs');
const catalogSeed = resolve(root, 'services/catalog/dist/seed.cjs');
const identityServer = resolve(root, 'services/identity/dist/server.cjs');
/** The demo accounts with their demo passwords, so figure 5 can sign the admin in. */
const identitySeed = resolve(root, 'services/identity/dist/seed.cjs');
/** Tenancy keeps a copy of the catalogue's products from NATS: figure 6 measures how far behind it is. */
const tenancyServer = resolve(root, 'services/tenancy/dist/server.cjs');
const tenancySeed = resolve(root, 'services/tenancy/dist/seed.cjs');
/** The customer's invoices and usage on figure 12's dashboard. */
const billingServer = resolve(root, 'services/billing/dist/server.cjs');
const billingSeed = resolve(root, 'services/billing/dist/seed.cjs');
const gatewayServer = resolve(root, 'gateway/dist/server.cjs');

/** Migrations and the first lag count on a busy 2-core machine (other work, the bench's own build) can be slow. */
const readyTimeoutMs = 120_000;

export interface Stack {
  catalogUrl: string;
  identityUrl: string;
  tenancyUrl: string;
  gatewayUrl: string;
  /** The same gateway with USAGE_METERING=off. */
  unmeteredGatewayUrl: string;
  /** NATS_PREFIX of every process: the metering gateway publishes usage to `<natsPrefix>_GATEWAY`. */
  natsPrefix: string;
  /** The INTERNAL_TOKEN_SECRET all the processes share, for minting admin identity tokens. */
  identitySecret: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  databaseUrl: string;
  natsUrl: string;
  path: string;
}

/** `npm run build` at the root: bundles every deployable into its dist/. */
export async function buildDeployables(env: Record<string, string>): Promise<void> {
  await runToCompletion('build', 'npm', ['run', 'build', '--silent'], env, root);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const natsPrefix = uniquePrefix('bench');
  const identitySecret = randomBytes(32).toString('hex');
  const [catalogPort, identityPort, tenancyPort, billingPort, gatewayPort, unmeteredPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const catalogUrl = `http://127.0.0.1:${catalogPort}`;
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const tenancyUrl = `http://127.0.0.1:${tenancyPort}`;
  const billingUrl = `http://127.0.0.1:${billingPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const unmeteredGatewayUrl = `http://127.0.0.1:${unmeteredPort}`;
  // Only what the services need: a stray EVENTSTORE_URL or OTLP endpoint in the caller's shell stays out.
  const shared = {
    PATH: options.path,
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    INTERNAL_TOKEN_SECRET: identitySecret,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const catalogEnv = { ...shared, NATS_PREFIX: natsPrefix, PORT: String(catalogPort) };
  const identityEnv = { ...shared, NATS_PREFIX: natsPrefix, PORT: String(identityPort) };
  // A fresh key ring per run: tenancy seals provider passwords with it; nothing sealed outlives the run.
  const tenancyEnv = {
    ...shared,
    NATS_PREFIX: natsPrefix,
    PORT: String(tenancyPort),
    SECRETS_KEYS: `bench:${randomBytes(32).toString('base64')}`,
  };
  const billingEnv = {
    ...tenancyEnv,
    PORT: String(billingPort),
    CATALOG_URL: catalogUrl,
    IDENTITY_URL: identityUrl,
    TENANCY_URL: tenancyUrl,
  };
  const node = process.execPath;

  const running: ChildProcessHandle[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // Gateway first, then the services: the reverse of the start order.
    for (const child of running.reverse()) await child.stop();
    for (const stream of [catalogStream, identityStream, tenancyStream, billingStream, gatewayStream])
      await deleteNatsStream(options.natsUrl, `${natsPrefix}_${stream.name}`);
  };
  const start = async (name: string, script: string, env: Record<string, string>, url: string) => {
    const child = startProcess(name, node, [script], env);
    running.push(child);
    await waitForReady(`${url}/health/ready`, child, readyTimeoutMs);
  };
  try {
    // Each seed once its service is ready, as npm start runs them: tenancy's seed needs the running service's
    // read models (and its copy of the catalogue, which its consumers fill from the catalog's stream).
    await start('catalog', catalogServer, catalogEnv, catalogUrl);
    await runToCompletion('catalog seed', node, [catalogSeed], catalogEnv);
    await start('identity', identityServer, identityEnv, identityUrl);
    await runToCompletion('identity seed', node, [identitySeed], identityEnv);
    // After catalog and identity: its consumers read their streams, which their relays have created by now.
    await start('tenancy', tenancyServer, tenancyEnv, tenancyUrl);
    await runToCompletion('tenancy seed', node, [tenancySeed], tenancyEnv);
    await start('billing', billingServer, billingEnv, billingUrl);
    await runToCompletion('billing seed', node, [billingSeed], billingEnv);
    // NATS_PREFIX too: the gateway hears identity's user events under it and drops their cached sessions.
    const gatewayEnv = {
      ...shared,
      NATS_PREFIX: natsPrefix,
      PORT: String(gatewayPort),
      CATALOG_URL: catalogUrl,
      IDENTITY_URL: identityUrl,
      TENANCY_URL: tenancyUrl,
      BILLING_URL: billingUrl,
      USAGE_METERING: 'on',
      ...webApps(root),
    };
    await start('gateway', gatewayServer, gatewayEnv, gatewayUrl);
    const unmeteredEnv = { ...gatewayEnv, PORT: String(unmeteredPort), USAGE_METERING: 'off' };
    await start('gateway (unmetered)', gatewayServer, unmeteredEnv, unmeteredGatewayUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    catalogUrl,
    identityUrl,
    tenancyUrl,
    gatewayUrl,
    unmeteredGatewayUrl,
    natsPrefix,
    identitySecret,
    stop,
  };
}

/** The relay created a JetStream stream under the bench's prefix; without this every run would leave one. */
export async function deleteNatsStream(natsUrl: string, name: string): Promise<void> {
  try {
    const nc = await connectNats({ url: natsUrl, name: 'bench' });
    try {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(name).catch(() => false);
    } finally {
      await nc.close();
    }
  } catch (error) {
    // Leftover streams are harmless to later runs (each uses its own prefix); a cleanup must not hide a result.
    console.warn(
      `could not delete NATS stream ${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
