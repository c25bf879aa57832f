import { randomUUID } from 'node:crypto';
import { uniquePrefix } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureEventingTables, readCheckpoint } from '../src/checkpoints.js';
import { streamName } from '../src/event-store.js';
import { ForeignCheckpointError } from '../src/foreign-checkpoint.js';
import { createPostgresEventStore, type PostgresEventStore } from '../src/postgres/postgres-event-store.js';
import { startRelay } from '../src/relay/relay.js';
import {
  catalogRelayOptions,
  catalogSchema,
  rebuildCatalogProjection,
  runCatalogProjections,
} from './catalog-pipeline.js';
import { createNatsFixture } from './nats-fixtures.js';
import { createStoreFixture, productCreated } from './projection-fixtures.js';
import { productsProjection } from './projection-products.js';

/**
 * Checkpoints say which event store wrote them. Two PostgreSQL stores in two schemas stand for switching
 * EVENTSTORE_URL: their positions belong to different logs, as a PostgreSQL and a KurrentDB position do.
 */
const fixture = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);
let other: PostgresEventStore;

beforeAll(async () => {
  other = createPostgresEventStore({ pool: fixture.db.pool, schema: 'es_switched_to' });
  await other.migrate();
});
afterAll(async () => {
  await other?.close();
});

async function projectionWithHistory() {
  const category = uniquePrefix('catalog_i');
  const projection = productsProjection(catalogSchema, uniquePrefix('products_'));
  await projection.create(fixture.db.pool);
  const id = randomUUID();
  const { position } = await fixture.store.append(
    streamName(category, id),
    [productCreated(id)],
    'no_stream',
  );
  const start = (eventStore: PostgresEventStore) =>
    runCatalogProjections(fixture, [category], [projection], { eventStore });
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
    await rebuildCatalogProjection(fixture, [category], projection, { eventStore: other });
    expect(
      await readCheckpoint(fixture.db.pool, catalogSchema, projection.name, await other.storeId()),
    ).toEqual(position);
    const runner = await start(other);
    await runner.stop();
    expect(await projection.rows(fixture.db.pool)).toEqual([{ product_id: id, name: 'Moved', applied: 1 }]);
  });

  it('takes a checkpoint written before stores were recorded as the current store’s, and records it', async () => {
    const { category, projection, start } = await projectionWithHistory();
    await fixture.db.pool.query(`UPDATE ${catalogSchema}.checkpoints SET store = NULL WHERE name = $1`, [
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
    const category = uniquePrefix('catalog_r');
    const options = catalogRelayOptions(fixture, nats, [category]);
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
    const old = uniquePrefix('svc_');
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
