import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureEventingTables, readCheckpoint, writeCheckpoint } from '../../src/checkpoints.js';
import { streamName } from '../../src/event-store.js';
import { ForeignCheckpointError } from '../../src/foreign-checkpoint.js';
import { listParkedEvents } from '../../src/parked-events.js';
import { startProjections, type ProjectionRunner } from '../../src/projections/start-projections.js';
import { EventStoreUnavailableError } from '../../src/storage-unavailable.js';
import { captureLogger, productCreated, productRenamed } from '../projection-fixtures.js';
import { productsProjection } from '../projection-products.js';
import { jsonBytes } from './fake-log.js';
import { fakeKurrentStore, writeRaw, type FakeStore } from './kurrent-fixtures.js';

/** The projection runner over the KurrentDB adapter (real client, fake transport), checkpoints in Postgres. */
const schema = 'catalog';
let db: TestDatabase;
let fake: FakeStore;
const runners: ProjectionRunner[] = [];

beforeAll(async () => {
  db = await createTestDatabase(inject('databaseUrl'));
  db.pool.on('error', () => undefined);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await fake?.store.close();
});
afterAll(async () => {
  await db?.drop();
});

async function setup(logger = captureLogger()) {
  fake = fakeKurrentStore();
  const suffix = randomUUID().replaceAll('-', '').slice(0, 10);
  const category = `catalog_k${suffix}`;
  const projection = productsProjection(schema, `products_${suffix}`);
  await projection.create(db.pool);
  await ensureEventingTables(db.pool, schema);
  // Written into the log on first use; done here so the tests' positions are the last in the log.
  await fake.store.storeId();
  const start = async () => {
    const runner = await startProjections({
      eventStore: fake.store,
      pool: db.pool,
      schema,
      categories: [category],
      projections: [projection],
      logger,
    });
    runners.push(runner);
    return runner;
  };
  return { category, projection, logger, start, stream: (id: string) => streamName(category, id) };
}

describe('projections over the KurrentDB adapter', () => {
  it('park one malformed event, say so, and apply everything after it', async () => {
    const { projection, logger, start, stream } = await setup();
    const [a, b] = [randomUUID(), randomUUID()];
    await fake.store.append(stream(a), [productCreated(a, 'Alpha')], 'no_stream');
    const malformed = writeRaw(fake.server, stream(a), {
      type: 'ProductRenamed',
      data: jsonBytes('Alpha 2'),
    });
    const last = await fake.store.append(stream(b), [productCreated(b, 'Beta')], 'no_stream');

    const runner = await start();
    expect(await runner.waitFor(last.position, 5_000)).toBe(true);
    expect((await projection.rows(db.pool)).map((row) => row.name).sort()).toEqual(['Alpha', 'Beta']);
    expect(await listParkedEvents(db.pool, schema, projection.name)).toEqual([
      expect.objectContaining({
        eventId: malformed.id,
        eventType: 'ProductRenamed',
        streamName: stream(a),
        revision: 1,
        position: malformed.position,
        reason: 'data is a string, not a JSON object',
      }),
    ]);
    expect(logger.at('error')).toEqual([
      expect.objectContaining({
        message: 'projection parked an event it cannot read and moved past it; rebuild it after a fix',
        fields: expect.objectContaining({ eventId: malformed.id, projection: projection.name }),
      }),
    ]);
  });

  it('refuse to start on a checkpoint the PostgreSQL event store wrote, saying to rebuild', async () => {
    const { projection, start } = await setup();
    await writeCheckpoint(
      db.pool,
      schema,
      projection.name,
      { commit: 812n, prepare: 31n },
      'postgres:1f0e-old',
    );
    const refused = start();
    await expect(refused).rejects.toBeInstanceOf(ForeignCheckpointError);
    await expect(refused).rejects.toThrow(
      /written against event store postgres:1f0e-old.*Rebuild the read model/,
    );
    expect(fake.server.subscriptions).toHaveLength(0);
  });

  it('log and back off when the server ends the subscription, then resubscribe and carry on', async () => {
    const { projection, logger, start, stream } = await setup();
    const runner = await start();
    const first = await fake.server.nextSubscription();
    const resubscribed = fake.server.nextSubscription();
    first.end();
    await resubscribed;
    expect(logger.at('error')).toEqual([
      expect.objectContaining({
        message: 'projection subscription failed; restarting',
        fields: expect.objectContaining({ err: expect.any(EventStoreUnavailableError) }),
      }),
    ]);
    const id = randomUUID();
    const { position } = await fake.store.append(stream(id), [productCreated(id, 'After')], 'no_stream');
    expect(await runner.waitFor(position, 5_000)).toBe(true);
    expect(await projection.rows(db.pool)).toEqual([{ product_id: id, name: 'After', applied: 1 }]);
  });

  it('checkpoint past the unrelated events the store looked through, so a restart starts after them', async () => {
    const { projection, start, stream } = await setup();
    const id = randomUUID();
    await fake.store.append(stream(id), [productCreated(id), productRenamed(id, 'Renamed')], 'no_stream');
    for (let n = 0; n < 2_500; n += 1) {
      writeRaw(fake.server, streamName('billing_invoice', randomUUID()), { data: jsonBytes({ n }) });
    }
    const lookedThrough = fake.server.log.events.at(-1)!.position;

    const runner = await start();
    expect(await runner.waitFor(lookedThrough, 5_000)).toBe(true);
    expect(await readCheckpoint(db.pool, schema, projection.name)).toEqual(lookedThrough);
    await runner.stop();
    await start();
    expect((await fake.server.nextSubscription()).from).toEqual(lookedThrough);
  });
});
