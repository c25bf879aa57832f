import type pg from 'pg';
import type { BacklogReader, EventStore, EventStoreLogger } from './event-store.js';
import { createKurrentEventStore } from './kurrentdb/kurrent-event-store.js';
import { createPostgresEventStore } from './postgres/postgres-event-store.js';

export interface CreateEventStoreOptions {
  /** `EVENTSTORE_URL`: a `kurrentdb://` or `esdb://` URL selects KurrentDB; empty or absent selects PostgreSQL. */
  eventStoreUrl?: string | undefined;
  pool: pg.Pool;
  schema?: string;
  logger?: EventStoreLogger;
}

export interface ConfiguredEventStore extends EventStore, BacklogReader {
  readonly kind: 'postgres' | 'kurrentdb';
  /** Prepares storage: the PostgreSQL DDL; a no-op for KurrentDB, whose server needs no schema. */
  migrate(): Promise<void>;
}

/**
 * Picks the adapter from configuration (ARCHITECTURE.md "Event store"): KurrentDB when a URL is given,
 * else PostgreSQL on the service's pool.
 */
export function createEventStore(options: CreateEventStoreOptions): ConfiguredEventStore {
  const logger = options.logger ? { logger: options.logger } : {};
  const url = options.eventStoreUrl?.trim();
  if (url) {
    if (!/^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\//i.test(url)) {
      throw new Error('EVENTSTORE_URL must be a kurrentdb:// or esdb:// connection string');
    }
    const store = createKurrentEventStore({ connectionString: url, ...logger });
    return { ...store, kind: 'kurrentdb', migrate: async () => undefined };
  }
  const store = createPostgresEventStore({
    pool: options.pool,
    ...(options.schema ? { schema: options.schema } : {}),
    ...logger,
  });
  return { ...store, kind: 'postgres' };
}
