/**
 * `npm start`: runs the whole platform on one machine on embedded defaults (README "Run it"): Postgres from
 * DATABASE_URL or embedded in .data/, NATS from NATS_URL or a local nats-server, the event store on Postgres
 * unless EVENTSTORE_URL is set; then starts every service, each seeded once it is ready, then the gateway, and
 * prints the URL.
 */
import { loadLauncherConfig } from './launcher/config.js';
import { startEmbeddedNats } from './launcher/embedded-nats.js';
import { startEmbeddedPostgres } from './launcher/embedded-postgres.js';
import { runNodeScript, startNodeProcess, type RunningProcess } from './launcher/processes.js';
import { demoTenantApp, gatewayEntry, services, webApps } from './launcher/services.js';
import { embeddedSecretsKeys } from './launcher/secrets-keys.js';
import { waitForReady } from './launcher/wait.js';
import { demoAccounts } from '@app/identity/demo-accounts';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const config = loadLauncherConfig(process.env);
const cleanups: Array<() => Promise<void>> = [];
let stopping = false;

async function main(): Promise<void> {
  listenForStopSignals();
  const postgres = config.DATABASE_URL
    ? { url: config.DATABASE_URL }
    : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT);
  if ('stop' in postgres) cleanups.unshift(postgres.stop);
  const nats = config.NATS_URL
    ? { url: config.NATS_URL }
    : await startEmbeddedNats(config.DATA_DIR, config.EMBEDDED_NATS_PORT);
  if ('stop' in nats) cleanups.unshift(nats.stop);
  console.log(
    `Postgres ${config.DATABASE_URL ? 'from DATABASE_URL' : `embedded in ${config.DATA_DIR}/postgres`}; ` +
      `NATS ${config.NATS_URL ? 'from NATS_URL' : `local nats-server in ${config.DATA_DIR}/nats`}; ` +
      `event store ${config.EVENTSTORE_URL ? 'KurrentDB from EVENTSTORE_URL' : 'on Postgres'}`,
  );

  const shared: Record<string, string> = {
    DATABASE_URL: postgres.url,
    NATS_URL: nats.url,
    INTERNAL_TOKEN_SECRET: config.INTERNAL_TOKEN_SECRET,
    SECRETS_KEYS: config.SECRETS_KEYS ?? (await embeddedSecretsKeys(config.DATA_DIR)),
    LOG_LEVEL: config.LOG_LEVEL,
    NATS_PREFIX: config.NATS_PREFIX,
    ...(config.EVENTSTORE_URL ? { EVENTSTORE_URL: config.EVENTSTORE_URL } : {}),
    ...(config.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { OTEL_EXPORTER_OTLP_ENDPOINT: config.OTEL_EXPORTER_OTLP_ENDPOINT }
      : {}),
  };

  // The demo tenant app runs on this machine, which monitoring's SSRF guard refuses unless its exact address is
  // allowed; the tenancy seed points the demo subscriptions at it.
  const demoAppUrl = `http://127.0.0.1:${config.DEMO_APP_PORT}`;
  const demoApp = track(
    startNodeProcess(demoTenantApp.name, demoTenantApp.entry, {
      HOST: '127.0.0.1',
      PORT: String(config.DEMO_APP_PORT),
      DEMO_METRICS_KEYS: demoTenantApp.metricsKeys.join(','),
      LOG_LEVEL: config.LOG_LEVEL,
    }),
  );
  await Promise.race([waitForReady(`${demoAppUrl}/health`, 30_000), failOnExit(demoApp)]);
  shared.DEMO_TENANT_APP_URL = demoAppUrl;
  shared.SCRAPE_ALLOW_HOSTS = new URL(demoAppUrl).host;

  const gatewayUrl = `http://127.0.0.1:${config.PORT}`;
  // The bundle runs from dist/ of the checkout, whatever the working directory.
  const checkout = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const gatewayEnv: Record<string, string> = { ...shared, PORT: String(config.PORT), ...webApps(checkout) };
  const serviceAddresses: Record<string, string> = {};
  for (const [index, service] of services.entries()) {
    const port = config.SERVICES_BASE_PORT + index;
    const env = {
      ...shared,
      ...serviceAddresses,
      GATEWAY_URL: gatewayUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    const child = track(startNodeProcess(service.name, service.entry, env));
    await Promise.race([waitForReady(`http://127.0.0.1:${port}/health/ready`, 30_000), failOnExit(child)]);
    // After the service is ready: a seed may rely on what only the running service keeps (tenancy's copy of
    // the catalogue, its read models), and the service has migrated its schema by then.
    if (service.seed) await runNodeScript(`${service.name}-seed`, service.seed, env);
    serviceAddresses[service.gatewayUrlVariable] = `http://127.0.0.1:${port}`;
  }
  Object.assign(gatewayEnv, serviceAddresses);
  const gateway = track(startNodeProcess('gateway', gatewayEntry, gatewayEnv));
  await Promise.race([waitForReady(`${gatewayUrl}/health/ready`, 30_000), failOnExit(gateway)]);

  console.log(`\nThe platform is running at http://localhost:${config.PORT}`);
  console.log(
    `  catalogue: http://localhost:${config.PORT}/api/products · API docs: http://localhost:${config.PORT}/api/docs`,
  );
  console.log('Demo logins (sign in at /api/login):');
  for (const account of demoAccounts) {
    console.log(`  ${account.role.padEnd(6)} ${account.email.padEnd(20)} ${account.demoPassword}`);
  }
  console.log('Press Ctrl-C to stop.');
}

function listenForStopSignals(): void {
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
}

function track(child: RunningProcess): RunningProcess {
  cleanups.unshift(() => child.stop());
  void child.exited.then((code) => {
    if (!stopping) {
      console.error(`${child.name} stopped unexpectedly (exit code ${String(code)}); shutting down.`);
      void shutdown(1);
    }
  });
  return child;
}

async function failOnExit(child: RunningProcess): Promise<never> {
  const code = await child.exited;
  throw new Error(`${child.name} exited with code ${String(code)} while starting`);
}

async function shutdown(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const cleanup of cleanups) {
    await cleanup().catch((error: unknown) => console.error((error as Error).message));
  }
  process.exit(exitCode);
}

main().catch(async (error: unknown) => {
  console.error(`npm start failed: ${(error as Error).message}`);
  await shutdown(1);
});
