import { randomUUID } from 'node:crypto';
import { uniquePrefix } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { streamName } from '../src/event-store.js';
import { MalformedEventError } from '../src/malformed-event.js';
import { listParkedEvents } from '../src/parked-events.js';
import { startRelay } from '../src/relay/relay.js';
import {
  catalogRelayOptions,
  catalogSchema,
  rebuildCatalogProjection,
  runCatalogProjections,
} from './catalog-pipeline.js';
import { createNatsFixture } from './nats-fixtures.js';
import { createStoreFixture, productCreated, waitUntil } from './projection-fixtures.js';
import { productsProjection } from './projection-products.js';

/** The PostgreSQL adapter under the same rule as KurrentDB: an event whose data is not an object is parked. */
const fixture = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);

const freshCategory = () => uniquePrefix('catalog_m');

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

  it('ends a page read by a subscription: the events before it in the page are delivered, then it is refused', async () => {
    const category = freshCategory();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids.slice(0, 2))
      await fixture.store.append(streamName(category, id), [productCreated(id, id)], 'no_stream');
    const unreadable = await insertUnreadable(category, 'ProductCreated');
    await fixture.store.append(
      streamName(category, ids[2]!),
      [productCreated(ids[2]!, 'after')],
      'no_stream',
    );

    const controller = new AbortController();
    const pages: string[][] = [];
    const read = async () => {
      const options = {
        from: 'start' as const,
        categories: [category],
        signal: controller.signal,
        batchSize: 10,
      };
      for await (const page of fixture.store.subscribePages(options))
        pages.push(page.map((event) => event.id));
    };
    const error = await read().catch((caught: unknown) => caught);
    controller.abort();
    expect(error).toBeInstanceOf(MalformedEventError);
    expect(error).toMatchObject({ event: { id: unreadable.id } });
    expect(pages).toHaveLength(1);
    expect(pages[0]).toHaveLength(2);
  });

  it('is parked by a projection that handles its type, passed by one that does not, and stops neither', async () => {
    const category = freshCategory();
    const projection = productsProjection(catalogSchema, uniquePrefix('products_'));
    await projection.create(fixture.db.pool);
    const handled = await insertUnreadable(category, 'ProductCreated');
    const unhandled = await insertUnreadable(category, 'ProductArchived');
    const id = randomUUID();
    const last = await fixture.store.append(
      streamName(category, id),
      [productCreated(id, 'After')],
      'no_stream',
    );
    const runner = await runCatalogProjections(fixture, [category], [projection]);
    try {
      expect(await runner.waitFor(last.position, 5_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    expect(await projection.rows(fixture.db.pool)).toEqual([{ product_id: id, name: 'After', applied: 1 }]);
    const parked = await listParkedEvents(fixture.db.pool, catalogSchema, projection.name);
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
    const result = await rebuildCatalogProjection(fixture, [category], projection);
    expect(result.parked).toBe(1);
    expect((await projection.rows(fixture.db.pool)).map((row) => row.name).sort()).toEqual([
      'After',
      'Fixed',
    ]);
    expect(
      (await listParkedEvents(fixture.db.pool, catalogSchema, projection.name)).map((event) => event.eventId),
    ).toEqual([stillUnreadable.id]);
  });

  it('is parked by the relay, which publishes the rest, and published once readable when a relay next leads', async () => {
    const category = freshCategory();
    const options = catalogRelayOptions(fixture, nats, [category]);
    const { stream } = options;
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
    expect(
      (await listParkedEvents(fixture.db.pool, catalogSchema, consumer)).map((event) => event.eventId),
    ).toEqual([unreadable.id]);

    await makeReadable(unreadable.id, {
      productId: randomUUID(),
      name: 'Fixed',
      createdAt: new Date().toISOString(),
    });
    const restarted = await startRelay(options);
    try {
      expect(await waitUntil(async () => (await published()).length === 3)).toBe(true);
      expect(await published()).toEqual([before.id, after.id, unreadable.id]);
      expect(await listParkedEvents(fixture.db.pool, catalogSchema, consumer)).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });
});
