import { randomUUID } from 'node:crypto';
import { startedForFile } from '@app/test-support/started-for-file';
import { describe, expect, it } from 'vitest';
import {
  comparePositions,
  streamName,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../src/event-store.js';
import { ensureEventingTables, readCheckpoint } from '../src/checkpoints.js';
import { applyBatch } from '../src/projections/projection.js';
import type { ProjectionRunner } from '../src/projections/start-projections.js';
import { catalogSchema as schema, runCatalogProjections } from './catalog-pipeline.js';
import {
  captureLogger,
  createStoreFixture,
  productCreated,
  productRenamed,
  waitUntil,
} from './projection-fixtures.js';
import { productsProjection, type ProductsProjection } from './projection-products.js';

const fixture = startedForFile(createStoreFixture);

/** Each test gets its own category and table, so they share the file's database without seeing each other. */
async function setup(withBatch = true) {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 10);
  const category = `catalog_p${suffix}`;
  const projection = productsProjection(schema, `products_${suffix}`, withBatch);
  await fixture.db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await projection.create(fixture.db.pool);
  return { category, projection, stream: (id: string) => streamName(category, id) };
}

function start(
  projection: ProductsProjection,
  category: string,
  logger = captureLogger(),
): Promise<ProjectionRunner> {
  return runCatalogProjections(fixture, [category], [projection], { logger });
}

async function recordedEvents(category: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  const controller = new AbortController();
  const head = await fixture.store.headPosition([category]);
  if (head === 'start') return events;
  for await (const event of fixture.store.subscribe({
    from: 'start',
    categories: [category],
    signal: controller.signal,
  })) {
    events.push(event);
    if (comparePositions(event.position, head) >= 0) controller.abort();
  }
  return events;
}

describe('projections', () => {
  it('applies events and moves the checkpoint in the same transaction, retrying a failing event without skipping it', async () => {
    const { category, projection, stream } = await setup(false);
    const a = randomUUID();
    const b = randomUUID();
    const created = productCreated(a, 'Alpha');
    const poisoned = productRenamed(a, 'Alpha 2');
    projection.failOn.add(poisoned.id);
    await fixture.store.append(stream(a), [created, poisoned], 'no_stream');
    const last = await fixture.store.append(stream(b), [productCreated(b, 'Beta')], 'no_stream');
    const logger = captureLogger();
    const runner = await start(projection, category, logger);
    try {
      expect(await waitUntil(() => logger.at('error').length >= 2)).toBe(true);
      const failure = logger.at('error')[0]!;
      expect(failure.fields).toMatchObject({
        eventId: poisoned.id,
        eventType: 'ProductRenamed',
        stream: stream(a),
      });

      // Whatever is committed so far, rows and checkpoint agree: every event at or before it applied, none after.
      const checkpoint = await readCheckpoint(fixture.db.pool, schema, projection.name);
      const events = await recordedEvents(category);
      const poisonedPosition = events.find((event) => event.id === poisoned.id)!.position;
      expect(comparePositions(checkpoint, poisonedPosition)).toBeLessThan(0);
      const rows = await projection.rows(fixture.db.pool);
      const createdApplied = comparePositions(checkpoint, events[0]!.position) >= 0;
      expect(rows).toEqual(createdApplied ? [{ product_id: a, name: 'Alpha', applied: 1 }] : []);
      expect(await runner.waitFor(last.position, 50)).toBe(false);

      projection.failOn.clear();
      expect(await runner.waitFor(last.position, 5_000)).toBe(true);
      expect(await projection.rows(fixture.db.pool)).toEqual(
        [
          { product_id: a, name: 'Alpha 2', applied: 2 },
          { product_id: b, name: 'Beta', applied: 1 },
        ].sort((x, y) => x.product_id.localeCompare(y.product_id)),
      );
      expect(await readCheckpoint(fixture.db.pool, schema, projection.name)).toEqual(last.position);
    } finally {
      await runner.stop();
    }
  });

  it('changes nothing when events are redelivered or replayed, and two instances never apply one twice', async () => {
    const { category, projection, stream } = await setup();
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const [first, second] = await Promise.all([start(projection, category), start(projection, category)]);
    let last: Position | undefined;
    try {
      for (const id of ids) {
        const result = await fixture.store.append(
          stream(id),
          [productCreated(id), productRenamed(id, `n-${id}`)],
          'no_stream',
        );
        last = result.position;
      }
      expect(await first.waitFor(last!, 5_000)).toBe(true);
      expect(await second.waitFor(last!, 5_000)).toBe(true);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    const before = await projection.rows(fixture.db.pool);
    expect(before).toHaveLength(ids.length);
    expect(before.every((row) => row.applied === 2)).toBe(true);

    // Redelivery from an older position, both through the batch path and event by event.
    const events = await recordedEvents(category);
    const target = { pool: fixture.db.pool, schema, projection, store: await fixture.store.storeId() };
    for (const oneByOne of [false, true]) {
      const outcome = await applyBatch(target, { events, through: events.at(-1)!.position }, 'start', {
        oneByOne,
      });
      expect(outcome).toEqual({ kind: 'applied', position: last });
    }
    // A restarted runner resumes from its checkpoint rather than replaying.
    const restarted = await start(projection, category);
    expect(restarted.position()).toEqual(last);
    await restarted.stop();
    expect(await projection.rows(fixture.db.pool)).toEqual(before);
  });

  it('two replicas leave the read model a single runner leaves, and one carries on when the other stops', async () => {
    const appendAll = async (stream: (id: string) => string, ids: string[]) => {
      let last: Position | undefined;
      for (const id of ids) {
        last = (
          await fixture.store.append(
            stream(id),
            [productCreated(id, `a-${id}`), productRenamed(id, `b-${id}`), productRenamed(id, `c-${id}`)],
            'no_stream',
          )
        ).position;
      }
      return last!;
    };
    const ids = Array.from({ length: 30 }, () => randomUUID());

    const single = await setup();
    const runner = await start(single.projection, single.category);
    const singleLast = await appendAll(single.stream, ids);
    expect(await runner.waitFor(singleLast, 5_000)).toBe(true);
    await runner.stop();

    const pair = await setup();
    const [first, second] = await Promise.all([
      start(pair.projection, pair.category),
      start(pair.projection, pair.category),
    ]);
    const half = await appendAll(pair.stream, ids.slice(0, 15));
    expect(await first.waitFor(half, 5_000)).toBe(true);
    // A replica going away mid-stream leaves the rest to the other.
    await first.stop();
    const pairLast = await appendAll(pair.stream, ids.slice(15));
    expect(await second.waitFor(pairLast, 5_000)).toBe(true);
    await second.stop();

    expect(await pair.projection.rows(fixture.db.pool)).toEqual(
      await single.projection.rows(fixture.db.pool),
    );
    expect((await pair.projection.rows(fixture.db.pool)).every((row) => row.applied === 3)).toBe(true);
    expect(await readCheckpoint(fixture.db.pool, schema, pair.projection.name)).toEqual(pairLast);
  });

  it('waitFor resolves once an append is applied and gives up after its timeout', async () => {
    const { category, projection, stream } = await setup();
    const runner = await start(projection, category);
    try {
      const id = randomUUID();
      const { position } = await fixture.store.append(stream(id), [productCreated(id, 'Fresh')], 'no_stream');
      expect(await runner.waitFor(position, 5_000)).toBe(true);
      // Read-your-writes: the row is there as soon as waitFor says so.
      expect(await projection.rows(fixture.db.pool)).toEqual([{ product_id: id, name: 'Fresh', applied: 1 }]);
      expect(comparePositions(runner.position(), position)).toBeGreaterThanOrEqual(0);

      const ahead = { commit: position.commit + 1_000_000n, prepare: position.prepare + 1_000_000n };
      const started = performance.now();
      expect(await runner.waitFor(ahead, 150)).toBe(false);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await runner.stop();
    }
  });

  it('advances the checkpoint over events the projection does not handle', async () => {
    const { category, projection, stream } = await setup();
    const runner = await start(projection, category);
    try {
      const id = randomUUID();
      const other = { ...productCreated(id), type: 'ProductArchived' };
      const { position } = await fixture.store.append(stream(id), [other], 'no_stream');
      expect(await runner.waitFor(position, 5_000)).toBe(true);
      expect(await readCheckpoint(fixture.db.pool, schema, projection.name)).toEqual(position);
      expect(await projection.rows(fixture.db.pool)).toEqual([]);
    } finally {
      await runner.stop();
    }
  });

  it('logs and backs off when a subscription ends without being stopped, then resubscribes', async () => {
    const { category, projection, stream } = await setup();
    const logger = captureLogger();
    let subscriptions = 0;
    // A store whose first subscription ends at once, as a subscription the server closed would without a check.
    const ending: EventStore = {
      ...fixture.store,
      subscribe: (options) => {
        subscriptions += 1;
        return subscriptions === 1 ? (async function* () {})() : fixture.store.subscribe(options);
      },
    };
    const runner = await runCatalogProjections(fixture, [category], [projection], {
      eventStore: ending,
      logger,
    });
    try {
      const id = randomUUID();
      const { position } = await fixture.store.append(stream(id), [productCreated(id)], 'no_stream');
      expect(await runner.waitFor(position, 5_000)).toBe(true);
      expect(subscriptions).toBe(2);
      expect(logger.at('error')).toEqual([
        expect.objectContaining({
          message: 'projection subscription failed; restarting',
          fields: expect.objectContaining({
            err: new Error('the event subscription ended without being stopped'),
          }),
        }),
      ]);
    } finally {
      await runner.stop();
    }
  });

  it('creates the checkpoint tables idempotently, also when instances start together', async () => {
    const fresh = `svc_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await Promise.all(Array.from({ length: 5 }, () => ensureEventingTables(fixture.db.pool, fresh)));
    await ensureEventingTables(fixture.db.pool, fresh);
    const tables = await fixture.db.pool.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [fresh],
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'abandoned_messages',
      'checkpoints',
      'consumer_progress',
      'deferred_indexes',
      'eventing_tables',
      'leases',
      'parked_events',
      'processed_messages',
    ]);
    await expect(ensureEventingTables(fixture.db.pool, 'bad"; drop')).rejects.toThrow(/identifier/);
  });
});
