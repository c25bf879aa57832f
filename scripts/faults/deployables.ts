import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from '@app/test-support';
import { demoTenantApp, gatewayEntry, services } from '../launcher/services.js';
import type { ProcessSpec } from './managed-process.js';

/**
 * Every process of the platform as `npm start` runs it (scripts/launcher/services.ts and scripts/start.ts):
 * the demo tenant app, the five services each with its seed, and the gateway, on free ports of 127.0.0.1, with
 * the environment the launcher gives them, against the suite's own Postgres and NATS.
 */
export interface Deployable {
  spec: ProcessSpec;
  url: string;
  /** Where it says whether it can serve: `/health/ready`, or the demo app's `/health`. */
  readinessUrl: string;
  /** Run to completion once the process is ready (the launcher's seeds). */
  seed?: ProcessSpec;
}

export interface PlatformLayout {
  /** In start order. */
  deployables: Deployable[];
  gatewayUrl: string;
  /** A second instance of `replicaOf`, for the relay-leader fault; not behind the gateway. */
  replica: Deployable;
}

export async function layOutPlatform(options: {
  runtime: string;
  databaseUrl: string;
  natsUrl: string;
  replicaOf: string;
}): Promise<PlatformLayout> {
  const node = (name: string, entry: string, env: Record<string, string>): ProcessSpec => ({
    name,
    command: process.execPath,
    args: ['--enable-source-maps', join(options.runtime, entry)],
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: options.runtime,
  });
  const url = (port: number) => `http://127.0.0.1:${port}`;

  const demoPort = await freePort();
  const gatewayPort = await freePort();
  const servicePorts = new Map<string, number>();
  for (const service of services) servicePorts.set(service.name, await freePort());
  const addresses = Object.fromEntries(
    services.map((service) => [service.gatewayUrlVariable, url(servicePorts.get(service.name) as number)]),
  );
  const shared = {
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEYS: `faults:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  // As the launcher does: the demo app is on this machine, which monitoring's SSRF guard allows by exact address.
  const demoUrl = url(demoPort);
  const serviceEnv = {
    ...shared,
    ...addresses,
    GATEWAY_URL: url(gatewayPort),
    DEMO_TENANT_APP_URL: demoUrl,
    SCRAPE_ALLOW_HOSTS: new URL(demoUrl).host,
  };

  const deployables: Deployable[] = [
    {
      spec: node(demoTenantApp.name, demoTenantApp.entry, {
        HOST: '127.0.0.1',
        PORT: String(demoPort),
        DEMO_METRICS_KEYS: demoTenantApp.metricsKeys.join(','),
        LOG_LEVEL: 'warn',
      }),
      url: demoUrl,
      readinessUrl: `${demoUrl}/health`,
    },
  ];
  // Notifications' own, as the launcher gives them: mail goes to a port nothing listens on (the suite checks writes,
  // not mail: sends fail and are retried later), links point at the gateway, webhooks may reach the demo app.
  const ownEnv: Record<string, Record<string, string>> = {
    notifications: {
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      PUBLIC_URL: url(gatewayPort),
      WEBHOOK_ALLOW_HOSTS: new URL(demoUrl).host,
    },
  };
  const serviceDeployable = (name: string, entry: string, port: number, seed?: string): Deployable => {
    const env = { ...serviceEnv, ...ownEnv[name], PORT: String(port) };
    return {
      spec: node(name, entry, env),
      url: url(port),
      readinessUrl: `${url(port)}/health/ready`,
      ...(seed ? { seed: node(`${name}-seed`, seed, env) } : {}),
    };
  };
  for (const service of services) {
    deployables.push(
      serviceDeployable(service.name, service.entry, servicePorts.get(service.name) as number, service.seed),
    );
  }
  deployables.push({
    spec: node('gateway', gatewayEntry, { ...shared, ...addresses, PORT: String(gatewayPort) }),
    url: url(gatewayPort),
    readinessUrl: `${url(gatewayPort)}/health/ready`,
  });

  const replicated = services.find((service) => service.name === options.replicaOf);
  if (!replicated) throw new Error(`no service ${options.replicaOf} to replicate`);
  const replica = serviceDeployable(`${replicated.name}-2`, replicated.entry, await freePort());
  return { deployables, gatewayUrl: url(gatewayPort), replica };
}
