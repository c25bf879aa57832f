import type pg from 'pg';
import {
  createEventStore,
  createPostgresPool,
  ensureEventingTables,
  runMigrations,
  type ConfiguredEventStore,
  type EventingLogger,
} from '@app/eventing';
import { ensureIdempotencyTable } from '../idempotency/idempotency-table.js';

/** An event-sourced service's place in Postgres: its schema and its numbered read-model migrations. */
export interface ServiceSchema {
  schema: string;
  migrationsDirectory: string;
}

export interface StorageSettings {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  DATABASE_ACQUIRE_TIMEOUT_MS: number;
  EVENTSTORE_URL?: string | undefined;
}

export interface ServiceStorage {
  pool: pg.Pool;
  eventStore: ConfiguredEventStore;
  close(): Promise<void>;
}

/**
 * Opens a service's Postgres pool (its own schema first on the search path) and event store, and brings every
 * table it relies on up to date. Used by each service's server, seed and rebuild command alike.
 */
export async function openServiceStorage(
  service: ServiceSchema,
  config: StorageSettings,
  logger: EventingLogger = console,
): Promise<ServiceStorage> {
  const pool = createPostgresPool({
    connectionString: config.DATABASE_URL,
    schema: service.schema,
    max: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    logger,
  });
  const eventStore = createEventStore({ eventStoreUrl: config.EVENTSTORE_URL, pool, logger });
  try {
    await prepareServiceStorage(pool, eventStore, service);
  } catch (error) {
    await eventStore.close();
    await pool.end();
    throw error;
  }
  return {
    pool,
    eventStore,
    async close() {
      await eventStore.close();
      await pool.end();
    },
  };
}

export async function prepareServiceStorage(
  pool: pg.Pool,
  eventStore: ConfiguredEventStore,
  service: ServiceSchema,
): Promise<void> {
  await eventStore.migrate();
  await runMigrations(pool, service.schema, service.migrationsDirectory);
  await ensureEventingTables(pool, service.schema);
  await ensureIdempotencyTable(pool, service.schema);
}
