/**
 * Vitest global setup of the projects whose tests need services (vitest.config.ts): finds the Postgres, NATS and
 * (optionally) KurrentDB the tests run against, once per run however many projects use it. Order: an explicit
 * URL from the environment, else containers when a container runtime answers, else this machine's local
 * services. The choice is printed so a run says what it tested against.
 */
import { randomUUID } from 'node:crypto';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { testEnvironment } from './config.js';
import { dropStaleTestDatabases } from './database.js';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';

const localPostgres = 'postgres://postgres@127.0.0.1:5432/test';
const localNats = 'nats://127.0.0.1:4222';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    natsUrl: string;
    /** Empty when no KurrentDB is reachable; the KurrentDB contract half then reports itself skipped. */
    eventStoreUrl: string;
    eventStoreSkipReason: string;
    /** Names this `vitest run`, so work done once per run (building the platform) is not done again. */
    testRunId: string;
  }
}

async function containerRuntimeAvailable(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

interface TestServices {
  context: ProvidedContext;
  stop: () => Promise<void>;
}

/**
 * Each project runs its global setup in the same process: the first prepares the services, later ones are given
 * the same, so a run has one set of containers and one run id, and the last to finish stops them.
 */
const shared = Symbol.for('@app/test-support/test-services');
const registry = globalThis as { [shared]?: { services: Promise<TestServices>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = (registry[shared] ??= { services: prepareServices(), users: 0 });
  entry.users += 1;
  const { context, stop } = await entry.services;
  for (const key of Object.keys(context) as (keyof ProvidedContext)[]) project.provide(key, context[key]);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete registry[shared];
    await stop();
  };
}

async function prepareServices(): Promise<TestServices> {
  const env = testEnvironment();
  const started: StartedTestContainer[] = [];
  const hasRuntime =
    env.DATABASE_URL && env.NATS_URL && env.EVENTSTORE_URL ? false : await containerRuntimeAvailable();

  let databaseUrl = env.DATABASE_URL ?? localPostgres;
  if (!env.DATABASE_URL && hasRuntime) {
    const pg = await new GenericContainer('postgres:17-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'test' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    started.push(pg);
    databaseUrl = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/test`;
  }

  let natsUrl = env.NATS_URL ?? localNats;
  if (!env.NATS_URL && hasRuntime) {
    const nats = await new GenericContainer('nats:2.10-alpine')
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .start();
    started.push(nats);
    natsUrl = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
  }

  let eventStoreUrl = env.EVENTSTORE_URL ?? '';
  let eventStoreSkipReason = '';
  if (!eventStoreUrl && hasRuntime) {
    const kurrent = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb:latest')
      .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'All' })
      .withExposedPorts(2113)
      .start();
    started.push(kurrent);
    eventStoreUrl = `kurrentdb://${kurrent.getHost()}:${kurrent.getMappedPort(2113)}?tls=false`;
  } else if (!eventStoreUrl) {
    eventStoreSkipReason = 'EVENTSTORE_URL is not set and no container runtime answered';
  }

  const dropped = await dropStaleTestDatabases(databaseUrl);
  if (dropped.length > 0)
    console.log(`[test setup] dropped ${dropped.length} test databases left by killed runs`);
  console.log(
    `[test setup] postgres ${redact(databaseUrl)} · nats ${natsUrl} · event store ${eventStoreUrl || `KurrentDB SKIPPED (${eventStoreSkipReason})`}`,
  );
  return {
    context: { databaseUrl, natsUrl, eventStoreUrl, eventStoreSkipReason, testRunId: randomUUID() },
    stop: async () => {
      await Promise.all(started.map((container) => container.stop()));
    },
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
