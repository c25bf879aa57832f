import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createEventStore, startProjections, type EventStore, type ProjectionRunner } from '@app/eventing';
import { parseKeyRing, type KeyRing } from '@app/secrets';
import { bindIdentityOnInject } from '@app/service-kit/testing';
import { testIdentitySecret } from '@app/service-kit/testing';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { tenancySchema } from '../../src/config.js';
import { subscriptionsProjection } from '../../src/projections/subscriptions.js';
import { tenantsProjection } from '../../src/projections/tenants.js';
import { ownedCategories, prepareStorage } from '../../src/runtime.js';

export interface TenancyHarness {
  app: Awaited<ReturnType<typeof buildApp>>;
  pool: pg.Pool;
  eventStore: EventStore;
  projections: ProjectionRunner;
  keyRing: KeyRing;
  close(): Promise<void>;
}

export const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

/** A fresh key ring text: `<id>:<base64 32 bytes>`, newest first. */
export function newKeyRingText(...ids: string[]): string {
  return ids.map((id) => `${id}:${randomBytes(32).toString('base64')}`).join(',');
}

/** Tenancy as server.ts wires it, minus NATS and the listening socket, on a database of its own. */
export async function startTenancy(
  options: { readYourWritesTimeoutMs?: number; keyRing?: KeyRing; logLevel?: string } = {},
): Promise<TenancyHarness> {
  const database: TestDatabase = await createTestDatabase(inject('databaseUrl'));
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    options: `-c search_path=${tenancySchema}`,
  });
  const eventStore = createEventStore({ pool });
  await prepareStorage(pool, eventStore);
  const projections = await startProjections({
    eventStore,
    pool,
    schema: tenancySchema,
    categories: ownedCategories,
    projections: [tenantsProjection, subscriptionsProjection],
    logger: silentLogger,
  });
  const keyRing = options.keyRing ?? parseKeyRing(newKeyRingText('k1'));
  const app = await buildApp({
    identitySecret: testIdentitySecret,
    logLevel: options.logLevel ?? 'silent',
    readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 5_000,
    keyRing,
    db: pool,
    eventStore,
    projections,
    readiness: [{ name: 'postgres', check: async () => void (await pool.query('SELECT 1')) }],
  });
  // Tests send identityHeaders() as they are; inject binds them to each request the way the gateway does.
  bindIdentityOnInject(app);
  return {
    app,
    pool,
    eventStore,
    projections,
    keyRing,
    async close() {
      await app.close();
      await projections.stop();
      await eventStore.close();
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
