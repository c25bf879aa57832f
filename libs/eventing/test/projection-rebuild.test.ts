import { randomUUID } from 'node:crypto';
import { uniquePrefix } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import { untilHeadReaches } from '@app/test-support/store-head';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  comparePositions,
  streamName,
  type EventStore,
  type PagedSubscriber,
  type Position,
  type RecordedEvent,
} from '../src/event-store.js';
import { readCheckpoint } from '../src/checkpoints.js';
import { catalogSchema, rebuildCatalogProjection, runCatalogProjections } from './catalog-pipeline.js';
import { createStoreFixture, productCreated, productRenamed, waitUntil } from './projection-fixtures.js';
import { productsProjection } from './projection-products.js';

const streams = 400;
const renamesPerStream = 49;
const totalEvents = streams * (1 + renamesPerStream);
const fixture = startedForFile(createStoreFixture);

describe('rebuildProjection', () => {
  it('empties the read model and replays every event into the same rows, reporting progress', async () => {
    const category = uniquePrefix('catalog_r');
    const projection = productsProjection(catalogSchema, 'products_rebuild');
    await projection.create(fixture.db.pool);
    const ids = Array.from({ length: streams }, () => randomUUID());
    const appended = await Promise.all(
      ids.map((id) =>
        fixture.store.append(
          streamName(category, id),
          [
            productCreated(id),
            ...Array.from({ length: renamesPerStream }, (_, n) => productRenamed(id, `${id}-${n}`)),
          ],
          'no_stream',
        ),
      ),
    );
    // Not headPosition(): it may lag behind committed appends while other transactions on the server are open.
    const last = appended
      .map((result) => result.position)
      .sort(comparePositions)
      .at(-1)!;

    // The live runner's result is the reference the rebuild must reproduce.
    const runner = await runCatalogProjections(fixture, [category], [projection]);
    expect(await runner.waitFor(last, 20_000)).toBe(true);
    await runner.stop();
    const live = await projection.rows(fixture.db.pool);
    expect(live).toHaveLength(streams);
    expect(live.every((row) => row.applied === 1 + renamesPerStream)).toBe(true);

    // A stray row the events never produced must not survive the rebuild.
    await fixture.db.pool.query(`INSERT INTO ${projection.table} VALUES ($1, 'stray', 1)`, [randomUUID()]);
    const progress: { events: number; eventsPerSecond: number }[] = [];
    const result = await rebuildCatalogProjection(fixture, [category], projection, {
      onProgress: (p) => progress.push(p),
    });

    expect(result.events).toBe(totalEvents);
    expect(await projection.rows(fixture.db.pool)).toEqual(live);
    expect(await readCheckpoint(fixture.db.pool, catalogSchema, projection.name)).toEqual(last);
    expect(progress.at(-1)?.events).toBe(totalEvents);
    const eventsPerSecond = Math.round(result.events / result.seconds);
    console.log(
      `[rebuild] ${result.events} events in ${result.seconds.toFixed(2)} s = ${eventsPerSecond} events/s`,
    );
    // Far below what this machine does (see the printed rate), so only a real regression trips it.
    expect(eventsPerSecond).toBeGreaterThan(5_000);
  });

  it("commits full batches of the projection's own types across other events, and what came before an unreadable one", async () => {
    const [products, others] = [uniquePrefix('catalog_r'), uniquePrefix('other_r')];
    const projection = productsProjection(catalogSchema, 'products_gathered');
    await projection.create(fixture.db.pool);
    const otherEvent = () => ({ ...productCreated(), type: 'SomethingElse' });
    let last: Position | undefined;
    for (let n = 0; n < 40; n += 1) {
      // Each product between nine events the projection does not read, so a read of ten holds one of its own.
      await fixture.store.append(streamName(products, randomUUID()), [productCreated()], 'no_stream');
      ({ position: last } = await fixture.store.append(
        streamName(others, randomUUID()),
        Array.from({ length: 9 }, otherEvent),
        'no_stream',
      ));
      if (n === 24) await appendUnreadable(products);
    }
    await untilHeadReaches(fixture.store, [products, others], last!);
    const batches: number[] = [];
    const counted = {
      ...projection,
      applyBatch: (events: readonly RecordedEvent[], tx: pg.PoolClient) => {
        batches.push(events.length);
        return projection.applyBatch!(events, tx);
      },
    };

    const result = await rebuildCatalogProjection(fixture, [products, others], counted, { batchSize: 10 });

    expect(batches).toEqual([10, 10, 5, 10, 5]);
    expect(result).toMatchObject({ events: 40 * 10 + 1, applied: 40, parked: 1 });
    expect(await projection.rows(fixture.db.pool)).toHaveLength(40);
  });

  it('stays correct when the live runner keeps going during a rebuild', async () => {
    const category = uniquePrefix('catalog_r');
    const projection = productsProjection(catalogSchema, 'products_online');
    await projection.create(fixture.db.pool);
    const runner = await runCatalogProjections(fixture, [category], [projection], { batchSize: 20 });
    const expected = new Map<string, number>();
    const appendProduct = async (renames: number) => {
      const id = randomUUID();
      expected.set(id, 1 + renames);
      const events = [
        productCreated(id),
        ...Array.from({ length: renames }, (_, n) => productRenamed(id, `${n}`)),
      ];
      return (await fixture.store.append(streamName(category, id), events, 'no_stream')).position;
    };
    try {
      for (let n = 0; n < 50; n += 1) await appendProduct(20);
      const rebuilding = rebuildCatalogProjection(fixture, [category], projection, { batchSize: 50 });
      let last = await appendProduct(3);
      for (let n = 0; n < 10; n += 1) last = await appendProduct(3);
      await rebuilding;
      expect(await runner.waitFor(last, 10_000)).toBe(true);
      const rows = await projection.rows(fixture.db.pool);
      expect(new Map(rows.map((row) => [row.product_id, row.applied]))).toEqual(expected);
    } finally {
      await runner.stop();
    }
  });
  it('reads ahead while the read model is reset, and applies nothing nor leaves a subscription open when the reset fails', async () => {
    const category = uniquePrefix('catalog_r');
    const projection = productsProjection(catalogSchema, 'products_reset_fails');
    await projection.create(fixture.db.pool);
    const id = randomUUID();
    const { position } = await fixture.store.append(
      streamName(category, id),
      [productCreated(id)],
      'no_stream',
    );
    await untilHeadReaches(fixture.store, [category], position);
    await rebuildCatalogProjection(fixture, [category], projection);
    const rows = await projection.rows(fixture.db.pool);

    let open = 0;
    let read = 0;
    const counted: EventStore & PagedSubscriber = {
      ...fixture.store,
      subscribePages: (options) =>
        (async function* () {
          open += 1;
          try {
            for await (const page of fixture.store.subscribePages(options)) {
              read += page.length;
              yield page;
            }
          } finally {
            open -= 1;
          }
        })(),
    };
    // The reset fails only once the first page has been read, or after five seconds of reading nothing.
    const failing = {
      ...projection,
      reset: async () => {
        await waitUntil(() => read > 0);
        throw new Error('reset failed');
      },
    };
    await expect(
      rebuildCatalogProjection(fixture, [category], failing, { eventStore: counted }),
    ).rejects.toThrow('reset failed');
    expect(read).toBe(1);
    expect(open).toBe(0);
    expect(await projection.rows(fixture.db.pool)).toEqual(rows);
    expect(await readCheckpoint(fixture.db.pool, catalogSchema, projection.name)).toEqual(position);
  });
});

/** An event row whose data is not an object, as another writer could leave one: the store cannot read it. */
async function appendUnreadable(category: string) {
  await fixture.db.pool.query(
    `INSERT INTO ${fixture.store.schema}.events (stream_name, category, stream_revision, event_id, type, data, metadata)
     VALUES ($1, $2, 0, $3, 'ProductCreated', '"not an object"', '{}')`,
    [streamName(category, randomUUID()), category, randomUUID()],
  );
}
