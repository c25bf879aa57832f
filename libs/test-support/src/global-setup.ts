/**
 * Vitest global setup: finds the Postgres, NATS and (optionally) KurrentDB the tests run against, once per run.
 * Order: an explicit URL from the environment, else containers when a container runtime answers, else this
 * machine's local services. The choice is printed so a run says what it tested against.
 */
import { randomUUID } from 'node:crypto';
import type {} from 'vitest';
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  project.provide('databaseUrl', databaseUrl);
  project.provide('natsUrl', natsUrl);
  project.provide('eventStoreUrl', eventStoreUrl);
  project.provide('eventStoreSkipReason', eventStoreSkipReason);
  project.provide('testRunId', randomUUID());

  return async () => {
    await Promise.all(started.map((container) => container.stop()));
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
