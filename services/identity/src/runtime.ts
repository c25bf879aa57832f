import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  createEventStore,
  ensureEventingTables,
  runMigrations,
  type ConfiguredEventStore,
  type EventStoreLogger,
} from '@app/eventing';
import { ensureIdempotencyTable } from '@app/service-kit';
import { identitySchema, type StorageConfig } from './config.js';
import { userCategory } from './application/user-stream.js';

/** Read-model DDL, beside src/ in the source tree and beside dist/ once built. */
const migrationsDirectory = resolve(fileURLToPath(new URL('../migrations', import.meta.url)));

export const ownedCategories = [userCategory];

export interface IdentityStorage {
  pool: pg.Pool;
  eventStore: ConfiguredEventStore;
  close(): Promise<void>;
}

/**
 * Opens identity's Postgres pool (its own schema first on the search path) and event store, and brings every
 * table it relies on up to date. Used by the server, the seed and the rebuild command alike.
 */
export async function openStorage(
  config: StorageConfig,
  logger: EventStoreLogger = console,
): Promise<IdentityStorage> {
  const pool = new pg.Pool({
    connectionString: config.DATABASE_URL,
    max: config.DATABASE_POOL_SIZE,
    options: `-c search_path=${identitySchema}`,
    application_name: 'identity',
  });
  // An idle connection the server ends (restart, failover) is replaced on next use; without a listener the
  // pool's 'error' event would crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle Postgres connection lost'));
  const eventStore = createEventStore({ eventStoreUrl: config.EVENTSTORE_URL, pool, logger });
  try {
    await prepareStorage(pool, eventStore);
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

export async function prepareStorage(pool: pg.Pool, eventStore: ConfiguredEventStore): Promise<void> {
  await eventStore.migrate();
  await runMigrations(pool, identitySchema, migrationsDirectory);
  await ensureEventingTables(pool, identitySchema);
  await ensureIdempotencyTable(pool, identitySchema);
}
