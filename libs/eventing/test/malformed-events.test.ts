import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamName } from '../src/event-store.js';
import { MalformedEventError } from '../src/malformed-event.js';
import { listParkedEvents } from '../src/parked-events.js';
import { rebuildProjection } from '../src/projections/rebuild.js';
import { startProjections } from '../src/projections/start-projections.js';
import { startRelay } from '../src/relay/relay.js';
import { createNatsFixture, toCatalogEnvelope, type NatsFixture } from './nats-fixtures.js';
import {
  captureLogger,
  createStoreFixture,
  productCreated,
  waitUntil,
  type StoreFixture,
} from './projection-fixtures.js';
import { productsProjection } from './projection-products.js';

/** The PostgreSQL adapter under the same rule as KurrentDB: an event whose data is not an object is parked. */
const schema = 'catalog';
let fixture: StoreFixture;
let nats: NatsFixture;

beforeAll(async () => {
  [fixture, nats] = await Promise.all([createStoreFixture(), createNatsFixture()]);
});
afterAll(async () => {
  await Promise.all([fixture?.close(), nats?.close()]);
});

const freshCategory = () => `catalog_m${randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** A row another writer (or a bug, or a hand-made fix gone wrong) left: its data is a JSON string. */
async function insertUnreadable(category: string, type: string) {
  const id = uuidv7();
  const stream = streamName(category, randomUUID());
  await fixture.db.pool.query(
    `INSERT INTO ${fixture.store.schema}.events (stream_name, category, stream_revision, event_id, type, data, metadata)
     VALUES ($1, $2, 0, $3, $4, '"not an object"', '{}')`,
    [stream, category, id, type],
  );
  return { id, stream };
}

/** What a fix that makes the event readable again amounts to, for a test. */
async function makeReadable(eventId: string, data: Record<string, unknown>) {
  await fixture.db.pool.query(`UPDATE ${fixture.store.schema}.events SET data = $2 WHERE event_id = $1`, [
    eventId,
    data,
  ]);
}

describe('an unreadable event on PostgreSQL', () => {
  it('is refused when read, naming it', async () => {
    const { id, stream } = await insertUnreadable(freshCategory(), 'ProductCreated');
    const error = await fixture.store.readStream(stream).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MalformedEventError);
    expect(error).toMatchObject({
      event: { id, streamName: stream },
      reason: 'data is a string, not a JSON object',
    });
  });

  it('is parked by a projection that handles its type, passed by one that does not, and stops neither', async () => {
    const category = freshCategory();
    const projection = productsProjection(
      schema,
      `products_${randomUUID().replaceAll('-', '').slice(0, 10)}`,
    );
    await projection.create(fixture.db.pool);
    const handled = await insertUnreadable(category, 'ProductCreated');
    const unhandled = await insertUnreadable(category, 'ProductArchived');
    const id = randomUUID();
    const last = await fixture.store.append(
      streamName(category, id),
      [productCreated(id, 'After')],
      'no_stream',
    );
    const runner = await startProjections({
      eventStore: fixture.store,
      pool: fixture.db.pool,
      schema,
      categories: [category],
      projections: [projection],
      logger: captureLogger(),
    });
    try {
      expect(await runner.waitFor(last.position, 5_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    expect(await projection.rows(fixture.db.pool)).toEqual([{ product_id: id, name: 'After', applied: 1 }]);
    const parked = await listParkedEvents(fixture.db.pool, schema, projection.name);
    expect(parked.map((event) => event.eventId)).toEqual([handled.id]);
    expect(parked.map((event) => event.eventId)).not.toContain(unhandled.id);

    // After a fix, a rebuild replays the parked event in order; one still unreadable is parked again.
    const stillUnreadable = await insertUnreadable(category, 'ProductCreated');
    const productId = randomUUID();
    await makeReadable(handled.id, { productId, name: 'Fixed', createdAt: new Date().toISOString() });
    // A rebuild replays up to the head; other transactions on a busy server can hold the head back a moment.
    await expect
      .poll(() => fixture.store.headPosition([category]), { timeout: 5_000 })
      .not.toEqual(last.position);
    const result = await rebuildProjection({
      eventStore: fixture.store,
      pool: fixture.db.pool,
      schema,
      categories: [category],
      projection,
    });
    expect(result.parked).toBe(1);
    expect((await projection.rows(fixture.db.pool)).map((row) => row.name).sort()).toEqual([
      'After',
      'Fixed',
    ]);
    expect(
      (await listParkedEvents(fixture.db.pool, schema, projection.name)).map((event) => event.eventId),
    ).toEqual([stillUnreadable.id]);
  });

  it('is parked by the relay, which publishes the rest, and published once readable when a relay next leads', async () => {
    const logger = captureLogger();
    const { subjectPrefix, ...stream } = nats.isolatedStream();
    const category = freshCategory();
    const options = {
      eventStore: fixture.store,
      pool: fixture.db.pool,
      schema,
      nats: nats.nc,
      stream,
      subjectPrefix,
      categories: [category],
      toIntegrationEvent: toCatalogEnvelope,
      logger,
    };
    const before = productCreated();
    await fixture.store.append(streamName(category, randomUUID()), [before], 'no_stream');
    const unreadable = await insertUnreadable(category, 'ProductCreated');
    const after = productCreated();
    await fixture.store.append(streamName(category, randomUUID()), [after], 'no_stream');
    const published = async () =>
      (await nats.readStream(stream.name)).map((message) => message.header.get('Nats-Msg-Id'));

    const relay = await startRelay(options);
    try {
      expect(await waitUntil(async () => (await published()).length === 2)).toBe(true);
      expect(await published()).toEqual([before.id, after.id]);
    } finally {
      await relay.stop();
    }
    const consumer = `relay:${stream.name}`;
    expect((await listParkedEvents(fixture.db.pool, schema, consumer)).map((event) => event.eventId)).toEqual(
      [unreadable.id],
    );

    await makeReadable(unreadable.id, {
      productId: randomUUID(),
      name: 'Fixed',
      createdAt: new Date().toISOString(),
    });
    const restarted = await startRelay(options);
    try {
      expect(await waitUntil(async () => (await published()).length === 3)).toBe(true);
      expect(await published()).toEqual([before.id, after.id, unreadable.id]);
      expect(await listParkedEvents(fixture.db.pool, schema, consumer)).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });
});
