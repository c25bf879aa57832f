import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { v7 as uuidv7 } from 'uuid';
import { inject } from 'vitest';
import type { NewEvent } from '../src/event-store.js';
import { createPostgresEventStore, type PostgresEventStore } from '../src/postgres/postgres-event-store.js';

export { captureLogger, type LogEntry } from './capture-logger.js';

export interface StoreFixture {
  db: TestDatabase;
  store: PostgresEventStore;
  close(): Promise<void>;
}

/** A database of the file's own with the real PostgreSQL event store in it. */
export async function createStoreFixture(): Promise<StoreFixture> {
  const db = await createTestDatabase(inject('databaseUrl'));
  // drop() ends the pool and then terminates its backends; a client still closing reports that termination as
  // a pool error, which without a listener would crash the test file.
  db.pool.on('error', () => undefined);
  const store = createPostgresEventStore({ pool: db.pool, pollIntervalMs: 50 });
  await store.migrate();
  return {
    db,
    store,
    close: async () => {
      await store.close();
      await db.drop();
    },
  };
}

export function productCreated(productId = uuidv7(), name = `Product ${productId.slice(-6)}`): NewEvent {
  return {
    id: uuidv7(),
    type: 'ProductCreated',
    data: { productId, name, createdAt: new Date().toISOString() },
    metadata: { correlationId: uuidv7(), schemaVersion: 1 },
  };
}

export function productRenamed(productId: string, name: string): NewEvent {
  return {
    id: uuidv7(),
    type: 'ProductRenamed',
    data: { productId, name, renamedAt: new Date().toISOString() },
    metadata: { schemaVersion: 1 },
  };
}

/** Polls `check` until it returns true or the deadline passes; the caller asserts on the outcome. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 5_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
