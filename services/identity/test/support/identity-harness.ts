import { inject } from 'vitest';
import { createEventStore, startProjections, type EventStore, type ProjectionRunner } from '@app/eventing';
import { bindIdentityOnInject, testIdentitySecret } from '@app/service-kit/testing';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { identitySchema } from '../../src/config.js';
import type { OidcSettings } from '../../src/oidc/oidc-client.js';
import { usersProjection } from '../../src/projections/users.js';
import { ownedCategories, prepareStorage } from '../../src/runtime.js';

export interface IdentityHarness {
  app: Awaited<ReturnType<typeof buildApp>>;
  pool: pg.Pool;
  eventStore: EventStore;
  projections: ProjectionRunner;
  close(): Promise<void>;
}

export const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

/** Identity as server.ts wires it, minus NATS and the listening socket, on a database of its own. */
export async function startIdentity(
  options: { readYourWritesTimeoutMs?: number; publicUrl?: string; oidc?: OidcSettings } = {},
): Promise<IdentityHarness> {
  const database: TestDatabase = await createTestDatabase(inject('databaseUrl'));
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    options: `-c search_path=${identitySchema}`,
  });
  const eventStore = createEventStore({ pool });
  await prepareStorage(pool, eventStore);
  const projections = await startProjections({
    eventStore,
    pool,
    schema: identitySchema,
    categories: ownedCategories,
    projections: [usersProjection],
    logger: silentLogger,
  });
  const app = await buildApp({
    identitySecret: testIdentitySecret,
    logLevel: 'silent',
    readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 5_000,
    db: pool,
    eventStore,
    projections,
    readiness: [{ name: 'postgres', check: async () => void (await pool.query('SELECT 1')) }],
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.oidc ? { oidc: options.oidc } : {}),
  });
  // Tests send identityHeaders() as they are; inject binds them to each request the way the gateway does.
  bindIdentityOnInject(app);
  return {
    app,
    pool,
    eventStore,
    projections,
    async close() {
      await app.close();
      await projections.stop();
      await eventStore.close();
      // The forced drop below may end a connection pool.end() has not closed yet: not an error here.
      pool.on('error', () => undefined);
      await pool.end();
      await database.drop();
    },
  };
}

/** How many events the store holds, to show that a refused request changed nothing. */
export async function countEvents(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>('SELECT count(*) FROM eventstore.events');
  return Number(rows[0]?.count);
}
