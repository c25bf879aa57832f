import { afterAll, beforeAll, inject } from 'vitest';
import { createPostgresEventStore, type PostgresEventStore } from '@app/eventing';
import { createTestDatabase, type TestDatabase } from '@app/test-support';

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
