import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  createPostgresEventStore,
  startProjections,
  type NewEvent,
  type PostgresEventStore,
  type Projection,
  type ProjectionRunner,
} from '@app/eventing';
import { createTestDatabase, silentLogger, uniquePrefix, type TestDatabase } from '@app/test-support';

/** Where the tests' projections keep their checkpoints. */
export const schema = 'svc';

/** A database of the file's own with a migrated Postgres event store in it, both gone after the file's tests. */
export function eventStoreFixture(): { readonly db: TestDatabase; readonly store: PostgresEventStore } {
  const fixture = {} as { db: TestDatabase; store: PostgresEventStore };
  beforeAll(async () => {
    fixture.db = await createTestDatabase(inject('databaseUrl'));
    fixture.db.pool.on('error', () => undefined);
    fixture.store = createPostgresEventStore({ pool: fixture.db.pool, pollIntervalMs: 50 });
    await fixture.store.migrate();
  });
  afterAll(async () => {
    await fixture.store?.close();
    await fixture.db?.drop();
  });
  return fixture;
}

/** A category no other test writes to; its events are `Happened`. */
export const freshCategory = () => uniquePrefix('svc_thing');

export const happened = (): NewEvent => ({ id: randomUUID(), type: 'Happened', data: {}, metadata: {} });

/** The projections runner of `projections` over `category` on the fixture's store, logging nothing. */
export function runProjections(
  fixture: { readonly db: TestDatabase; readonly store: PostgresEventStore },
  category: string,
  projections: readonly Projection[],
): Promise<ProjectionRunner> {
  return startProjections({
    eventStore: fixture.store,
    pool: fixture.db.pool,
    schema,
    categories: [category],
    projections,
    logger: silentLogger,
  });
}
