import { afterAll, beforeAll, inject } from 'vitest';
import { createPostgresEventStore, type PostgresEventStore } from '@app/eventing';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { createService, type ServiceOptions } from '../src/index.js';
import { bindIdentityOnInject, testIdentitySecret } from '../src/testing/index.js';

/** Collects a logger's JSON lines so tests can read what was logged. */
export function logCapture() {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    stream: { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>) },
  };
}

/**
 * A service with test defaults: no logs, the test identity secret, no readiness checks; inject() binds unbound
 * test tokens to each request as the gateway would.
 */
export async function testService(overrides: Partial<ServiceOptions> = {}) {
  const app = await createService({
    name: 'test',
    logger: false,
    identity: { secret: testIdentitySecret },
    readiness: [],
    ...overrides,
  });
  bindIdentityOnInject(app);
  return app;
}

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
