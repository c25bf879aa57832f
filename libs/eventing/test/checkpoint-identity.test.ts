import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureEventingTables, readCheckpoint } from '../src/checkpoints.js';
import { streamName } from '../src/event-store.js';
import { ForeignCheckpointError } from '../src/foreign-checkpoint.js';
import { createPostgresEventStore, type PostgresEventStore } from '../src/postgres/postgres-event-store.js';
import { rebuildProjection } from '../src/projections/rebuild.js';
import { startProjections } from '../src/projections/start-projections.js';
import { startRelay } from '../src/relay/relay.js';
import { createNatsFixture, toCatalogEnvelope, type NatsFixture } from './nats-fixtures.js';
import {
  captureLogger,
  createStoreFixture,
  productCreated,
  type StoreFixture,
} from './projection-fixtures.js';
import { productsProjection } from './projection-products.js';

/**
 * Checkpoints say which event store wrote them. Two PostgreSQL stores in two schemas stand for switching
 * EVENTSTORE_URL: their positions belong to different logs, as a PostgreSQL and a KurrentDB position do.
 */
const schema = 'catalog';
let fixture: StoreFixture;
let other: PostgresEventStore;
let nats: NatsFixture;

beforeAll(async () => {
  [fixture, nats] = await Promise.all([createStoreFixture(), createNatsFixture()]);
  other = createPostgresEventStore({ pool: fixture.db.pool, schema: 'es_switched_to' });
  await other.migrate();
});
afterAll(async () => {
  await other?.close();
  await Promise.all([fixture?.close(), nats?.close()]);
});

async function projectionWithHistory() {
  const category = `catalog_i${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const projection = productsProjection(schema, `products_${randomUUID().replaceAll('-', '').slice(0, 10)}`);
  await projection.create(fixture.db.pool);
  const id = randomUUID();
  const { position } = await fixture.store.append(
    streamName(category, id),
    [productCreated(id)],
    'no_stream',
  );
  const start = (eventStore: PostgresEventStore) =>
    startProjections({
      eventStore,
      pool: fixture.db.pool,
      schema,
      categories: [category],
      projections: [projection],
      logger: captureLogger(),
    });
  const runner = await start(fixture.store);
  expect(await runner.waitFor(position, 5_000)).toBe(true);
  await runner.stop();
  return { category, projection, start };
}

describe('checkpoint identity', () => {
  it('refuses a projection checkpoint another store wrote, and a rebuild on the new store replaces it', async () => {
    const { category, projection, start } = await projectionWithHistory();
    const refused = start(other);
    await expect(refused).rejects.toBeInstanceOf(ForeignCheckpointError);
    await expect(refused).rejects.toThrow(`written against event store ${await fixture.store.storeId()}`);

    const id = randomUUID();
    const { position } = await other.append(
      streamName(category, id),
      [productCreated(id, 'Moved')],
      'no_stream',
    );
    // A rebuild replays up to the head; other transactions on a busy server can hold the head back a moment.
    await expect.poll(() => other.headPosition([category]), { timeout: 5_000 }).toEqual(position);
    await rebuildProjection({
      eventStore: other,
      pool: fixture.db.pool,
      schema,
      categories: [category],
      projection,
    });
    expect(await readCheckpoint(fixture.db.pool, schema, projection.name, await other.storeId())).toEqual(
      position,
    );
    const runner = await start(other);
    await runner.stop();
    expect(await projection.rows(fixture.db.pool)).toEqual([{ product_id: id, name: 'Moved', applied: 1 }]);
  });

  it('takes a checkpoint written before stores were recorded as the current store’s, and records it', async () => {
    const { category, projection, start } = await projectionWithHistory();
    await fixture.db.pool.query(`UPDATE ${schema}.checkpoints SET store = NULL WHERE name = $1`, [
      projection.name,
    ]);
    // Unrecorded: any store may take it (the upgrade path), so the switched-to store is not refused yet.
    await (await start(other)).stop();
    const runner = await start(fixture.store);
    const id = randomUUID();
    const { position } = await fixture.store.append(
      streamName(category, id),
      [productCreated(id)],
      'no_stream',
    );
    expect(await runner.waitFor(position, 5_000)).toBe(true);
    await runner.stop();
    await expect(start(other)).rejects.toBeInstanceOf(ForeignCheckpointError);
  });

  it('refuses a relay checkpoint another store wrote', async () => {
    const { subjectPrefix, ...stream } = nats.isolatedStream();
    const category = `catalog_r${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const options = {
      eventStore: fixture.store,
      pool: fixture.db.pool,
      schema,
      nats: nats.nc,
      stream,
      subjectPrefix,
      categories: [category],
      toIntegrationEvent: toCatalogEnvelope,
      logger: captureLogger(),
    };
    const { position } = await fixture.store.append(
      streamName(category, randomUUID()),
      [productCreated()],
      'no_stream',
    );
    const relay = await startRelay(options);
    await expect.poll(() => relay.progress()).toEqual(position);
    await relay.stop();
    await expect(startRelay({ ...options, eventStore: other })).rejects.toBeInstanceOf(
      ForeignCheckpointError,
    );
  });

  it('adds the store column to a checkpoints table made before it, keeping its rows', async () => {
    const old = `svc_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await fixture.db.pool.query(`CREATE SCHEMA ${old}`);
    await fixture.db.pool.query(`CREATE TABLE ${old}.checkpoints (
      name text PRIMARY KEY, commit bigint, prepare bigint, updated_at timestamptz NOT NULL DEFAULT now())`);
    await fixture.db.pool.query(
      `INSERT INTO ${old}.checkpoints (name, commit, prepare) VALUES ('kept', 7, 7)`,
    );
    await ensureEventingTables(fixture.db.pool, old);
    expect(await readCheckpoint(fixture.db.pool, old, 'kept', 'postgres:any')).toEqual({
      commit: 7n,
      prepare: 7n,
    });
    const { rows } = await fixture.db.pool.query(`SELECT store FROM ${old}.checkpoints`);
    expect(rows).toEqual([{ store: null }]);
  });
});
