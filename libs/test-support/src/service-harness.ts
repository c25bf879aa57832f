import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import {
  createEventStore,
  startProjections,
  type ConfiguredEventStore,
  type ProjectionRunner,
} from '@app/eventing';
import {
  categoriesOf,
  prepareServiceStorage,
  type ServiceAppContext,
  type ServiceDescriptor,
} from '@app/service-kit/runtime';
import { bindIdentityOnInject, testIdentitySecret } from '@app/service-kit/testing';
import { createTestDatabase } from './database.js';
import { silentLogger } from './silent-logger.js';
import { untilHeadReaches } from './store-head.js';

export { silentLogger };

export interface ServiceHarness<App> {
  app: App;
  pool: pg.Pool;
  eventStore: ConfiguredEventStore;
  projections: ProjectionRunner;
  close(): Promise<void>;
}

/** What a test harness needs of a declared service (service-kit's ServiceDescriptor). */
export type HarnessedService = Pick<ServiceDescriptor, 'storage' | 'aggregates' | 'projections'>;

/**
 * A declared service as service-kit runs it, minus NATS and the listening socket, on a database of its own:
 * storage prepared, its projections running, its app built from the same context the runtime gives it (test
 * secret, no logs, the given read-your-writes wait), with identity tokens bound on inject.
 */
export async function startServiceHarness<App extends FastifyInstance>(
  service: HarnessedService,
  buildApp: (context: ServiceAppContext & { projections: ProjectionRunner }) => Promise<App>,
  options: { readYourWritesTimeoutMs?: number } = {},
): Promise<ServiceHarness<App>> {
  const database = await createTestDatabase(inject('databaseUrl'));
  const { schema } = service.storage;
  const pool = new pg.Pool({ connectionString: database.url, max: 10, options: `-c search_path=${schema}` });
  const eventStore = createEventStore({ pool });
  await prepareServiceStorage(pool, eventStore, service.storage);
  const projections = await startProjections({
    eventStore,
    pool,
    schema,
    categories: categoriesOf(service),
    projections: service.projections,
    logger: silentLogger,
  });
  const readiness = [{ name: 'postgres', check: async () => void (await pool.query('SELECT 1')) }];
  const app = await buildApp({
    schema,
    identitySecret: testIdentitySecret,
    logLevel: 'silent',
    db: pool,
    eventStore,
    replies: { projections, timeoutMs: options.readYourWritesTimeoutMs ?? 5_000 },
    readiness,
    projections,
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

/**
 * Waits until every event appended so far to `categories` can be read by a rebuild and shows in the service's
 * views (for effects no command answer waited for). The newest committed event is read from the Postgres store
 * directly: headPosition stops at the cluster-wide snapshot xmin, which other test files' open transactions hold
 * back, and a rebuild replays only up to it.
 */
export async function viewsSettled(
  harness: Pick<ServiceHarness<unknown>, 'pool' | 'eventStore' | 'projections'>,
  categories: readonly string[],
): Promise<void> {
  const { rows } = await harness.pool.query<{ commit: string; prepare: string }>(
    `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM eventstore.events
     WHERE category = ANY($1::text[]) ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    [categories],
  );
  const newest = rows[0];
  if (!newest) return;
  const position = { commit: BigInt(newest.commit), prepare: BigInt(newest.prepare) };
  await untilHeadReaches(harness.eventStore, categories, position);
  if (!(await harness.projections.waitFor(position, 10_000)))
    throw new Error('the views lag behind the store');
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
