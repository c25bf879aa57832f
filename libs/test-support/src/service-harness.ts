import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import {
  createEventStore,
  startProjections,
  type ConfiguredEventStore,
  type Projection,
  type ProjectionRunner,
} from '@app/eventing';
import { bindIdentityOnInject } from '@app/service-kit/testing';
import { createTestDatabase } from './database.js';

export const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};

export interface ServiceHarness<App> {
  app: App;
  pool: pg.Pool;
  eventStore: ConfiguredEventStore;
  projections: ProjectionRunner;
  close(): Promise<void>;
}

/**
 * An event-sourced service as its main.ts wires it, minus NATS and the listening socket, on a database of its
 * own: storage prepared, its projections running, its app built with identity tokens bound on inject.
 */
export async function startServiceHarness<App extends FastifyInstance>(service: {
  schema: string;
  categories: readonly string[];
  projections: readonly Projection[];
  prepareStorage: (pool: pg.Pool, eventStore: ConfiguredEventStore) => Promise<void>;
  buildApp: (clients: {
    pool: pg.Pool;
    eventStore: ConfiguredEventStore;
    projections: ProjectionRunner;
    readiness: Array<{ name: string; check: () => Promise<void> }>;
  }) => Promise<App>;
}): Promise<ServiceHarness<App>> {
  const database = await createTestDatabase(inject('databaseUrl'));
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    options: `-c search_path=${service.schema}`,
  });
  const eventStore = createEventStore({ pool });
  await service.prepareStorage(pool, eventStore);
  const projections = await startProjections({
    eventStore,
    pool,
    schema: service.schema,
    categories: service.categories,
    projections: service.projections,
    logger: silentLogger,
  });
  const readiness = [{ name: 'postgres', check: async () => void (await pool.query('SELECT 1')) }];
  const app = await service.buildApp({ pool, eventStore, projections, readiness });
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

/**
 * A refusal as every service answers it: the status, an RFC 9457 problem body (with `detail` when given), and
 * no event appended since `eventsBefore` was counted.
 */
export async function expectRefusedUnchanged(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  expected: { status: number; detail?: string; pool: pg.Pool; eventsBefore: number },
): Promise<void> {
  expect(response.statusCode).toBe(expected.status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  const problem = response.json() as { detail: string };
  expect(problem).toMatchObject({
    status: expected.status,
    title: expect.any(String),
    detail: expect.any(String),
  });
  if (expected.detail) expect(problem.detail).toBe(expected.detail);
  expect(await countEvents(expected.pool)).toBe(expected.eventsBefore);
}
