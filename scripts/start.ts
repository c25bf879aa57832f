/**
 * `npm start`: runs the whole platform on one machine on embedded defaults (README "Two commands"): Postgres from
 * DATABASE_URL or embedded in .data/, NATS from NATS_URL or a local nats-server, the event store on Postgres
 * unless EVENTSTORE_URL is set, a maildev mail catcher unless SMTP_URL is set; then starts every service, each
 * seeded once it is ready, then the gateway, and prints the URL (and the mail catcher's inbox). It restarts a service, the gateway or the demo app that crashes (launcher/supervisor.ts) and
 * stops everything in order on Ctrl-C (launcher/lifecycle.ts).
 */
import { loadLauncherConfig } from './launcher/config.js';
import { startEmbeddedNats } from './launcher/embedded-nats.js';
import { startEmbeddedPostgres } from './launcher/embedded-postgres.js';
import { startMailCatcher } from './launcher/mail-catcher.js';
import { createLifecycle } from './launcher/lifecycle.js';
import { describeExit, startNodeProcess, type RunningProcess } from './launcher/processes.js';
import { demoTenantApp, gatewayEntry, services, webApps } from './launcher/services.js';
import { embeddedSecretsKeys } from './launcher/secrets-keys.js';
import { ensureDemoWebhook } from './launcher/demo-webhook.js';
import { supervise } from './launcher/supervisor.js';
import { demoAccounts, demoTenants } from '@app/demo-fixtures';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const config = loadLauncherConfig(process.env);
const lifecycle = createLifecycle();
const restartPolicy = {
  firstDelayMs: config.RESTART_DELAY_MS,
  maxAttempts: config.RESTART_ATTEMPTS,
  stableAfterMs: 60_000,
};
const readyTimeoutMs = 30_000;

async function main(): Promise<void> {
  const postgres = config.DATABASE_URL
    ? { url: config.DATABASE_URL }
    : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT, ownInfrastructure);
  const nats = config.NATS_URL
    ? { url: config.NATS_URL }
    : await startEmbeddedNats(config.DATA_DIR, config.EMBEDDED_NATS_PORT, ownInfrastructure);
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
  // The demo tenant's webhook endpoint and its secret, registered once notifications is up (below).
  const demoWebhookFile = resolve(config.DEMO_WEBHOOK_FILE ?? join(config.DATA_DIR, 'demo-webhook.json'));
  await startSupervised(
    demoTenantApp.name,
    demoTenantApp.entry,
    {
      HOST: '127.0.0.1',
      PORT: String(config.DEMO_APP_PORT),
      DEMO_METRICS_KEYS: demoTenantApp.metricsKeys.join(','),
      DEMO_WEBHOOK_FILE: demoWebhookFile,
      LOG_LEVEL: config.LOG_LEVEL,
    },
    `${demoAppUrl}/health`,
  );
  shared.DEMO_TENANT_APP_URL = demoAppUrl;
  shared.SCRAPE_ALLOW_HOSTS = new URL(demoAppUrl).host;

  const gatewayUrl = `http://127.0.0.1:${config.PORT}`;
  // The bundle runs from dist/ of the checkout, whatever the working directory.
  const checkout = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const mail = config.SMTP_URL
    ? { smtpUrl: config.SMTP_URL, inboxUrl: null }
    : await startMailCatcher(
        checkout,
        { smtp: config.MAILDEV_SMTP_PORT, web: config.MAILDEV_WEB_PORT },
        ownInfrastructure,
      );
  // Only notifications sends mail; PUBLIC_URL is not shared, as it would make identity's links absolute too.
  // Its webhooks may reach the demo tenant app's exact address, as monitoring's scrapes may, and those the
  // launcher's WEBHOOK_ALLOW_HOSTS adds.
  // Identity hands new password-setup links to notifications to mail; notifications starts after it, at the port
  // its place in the start order gives it.
  const notificationsPort =
    config.SERVICES_BASE_PORT + services.findIndex(({ name }) => name === 'notifications');
  const ownEnv: Record<string, Record<string, string>> = {
    identity: { NOTIFICATIONS_URL: `http://127.0.0.1:${notificationsPort}` },
    notifications: {
      SMTP_URL: mail.smtpUrl,
      PUBLIC_URL: `http://localhost:${config.PORT}`,
      WEBHOOK_ALLOW_HOSTS: [new URL(demoAppUrl).host, config.WEBHOOK_ALLOW_HOSTS].filter(Boolean).join(','),
    },
  };
  const gatewayEnv: Record<string, string> = { ...shared, PORT: String(config.PORT), ...webApps(checkout) };
  const serviceAddresses: Record<string, string> = {};
  for (const [index, service] of services.entries()) {
    const port = config.SERVICES_BASE_PORT + index;
    const env = {
      ...shared,
      ...serviceAddresses,
      ...ownEnv[service.name],
      GATEWAY_URL: gatewayUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    await startSupervised(service.name, service.entry, env, `http://127.0.0.1:${port}/health/ready`);
    // After the service is ready: a seed may rely on what only the running service keeps (tenancy's copy of
    // the catalogue, its read models), and the service has migrated its schema by then.
    if (service.seed) await runSeed(`${service.name}-seed`, service.seed, env);
    serviceAddresses[service.gatewayUrlVariable] = `http://127.0.0.1:${port}`;
  }
  Object.assign(gatewayEnv, serviceAddresses);
  await startSupervised('gateway', gatewayEntry, gatewayEnv, `${gatewayUrl}/health/ready`);
  const demoWebhook = await registerDemoWebhook(
    serviceAddresses.NOTIFICATIONS_URL,
    demoAppUrl,
    demoWebhookFile,
  );

  console.log(`\nThe platform is running at http://localhost:${config.PORT}`);
  console.log(
    `  catalogue: http://localhost:${config.PORT}/api/products · API docs: http://localhost:${config.PORT}/api/docs`,
  );
  console.log(
    mail.inboxUrl
      ? `  mail the platform sends: ${mail.inboxUrl} (maildev; set SMTP_URL to send through a server of yours)`
      : '  mail goes out through SMTP_URL',
  );
  console.log(
    demoWebhook
      ? `  webhooks the demo tenant app received: ${demoAppUrl}/webhooks (${demoWebhook})`
      : '  the demo tenant app has no webhook endpoint (see the warning above)',
  );
  console.log('Demo logins (sign in at /api/login):');
  for (const account of demoAccounts) {
    console.log(`  ${account.role.padEnd(6)} ${account.email.padEnd(20)} ${account.demoPassword}`);
  }
  console.log('Press Ctrl-C to stop.');
}

/**
 * The demo tenant's endpoint at the demo app (launcher/demo-webhook.ts), as its owner would register it: once, kept
 * across restarts. The platform runs without it, so a failure is a warning, not a failed start.
 */
async function registerDemoWebhook(
  notificationsUrl: string | undefined,
  demoAppUrl: string,
  file: string,
): Promise<string | null> {
  const tenant = demoTenants.find((candidate) => candidate.ownerId !== null);
  const owner = tenant?.ownerId ? demoAccounts.find((account) => account.id === tenant.ownerId) : undefined;
  if (notificationsUrl === undefined || tenant === undefined || owner === undefined) return null;
  try {
    const outcome = await ensureDemoWebhook({
      notificationsUrl,
      internalSecret: config.INTERNAL_TOKEN_SECRET,
      owner: { userId: owner.id, email: owner.email },
      tenantId: tenant.id,
      endpointUrl: `${demoAppUrl}/webhooks`,
      file,
    });
    const says = { registered: 'endpoint registered', kept: 'endpoint kept', rotated: 'secret rotated' };
    return `${says[outcome]} for ${tenant.name}`;
  } catch (error) {
    console.warn(`The demo webhook endpoint could not be registered: ${(error as Error).message}`);
    return null;
  }
}

/**
 * Embedded Postgres and NATS are not restarted: the launcher says which one went and stops the platform, since
 * nothing works without them.
 */
function ownInfrastructure(server: RunningProcess): void {
  lifecycle.own(server);
  void server.exited.then((status) => {
    if (lifecycle.stopping.aborted) return;
    console.error(`${server.name} ${describeExit(status)}; stopping the platform.`);
    void lifecycle.shutdown(1);
  });
}

/** A long-running child, restarted when it crashes once it has been ready (launcher/supervisor.ts). */
async function startSupervised(
  name: string,
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<void> {
  const child = supervise({
    name,
    spawn: () => startNodeProcess(name, entry, env),
    readyUrl,
    readyTimeoutMs,
    policy: restartPolicy,
    stopping: lifecycle.stopping,
    giveUp: () => void lifecycle.shutdown(1),
  });
  lifecycle.own(child);
  await child.start();
}

/** Seeds run once and are not restarted: one that fails stops the launch. */
async function runSeed(name: string, script: string, env: Record<string, string>): Promise<void> {
  lifecycle.stopping.throwIfAborted();
  const seed = startNodeProcess(name, script, env);
  lifecycle.own(seed);
  const status = await seed.exited;
  lifecycle.stopping.throwIfAborted();
  if (status.code !== 0) throw new Error(`${name} ${describeExit(status)}`);
}

main().catch(async (error: unknown) => {
  // A Ctrl-C while starting ends the step in progress: that is the stop the user asked for, not a failure.
  if (lifecycle.stopping.aborted) return;
  console.error(`npm start failed: ${(error as Error).message}`);
  await lifecycle.shutdown(1);
});
