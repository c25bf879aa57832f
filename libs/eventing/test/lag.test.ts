import { randomUUID } from 'node:crypto';
import { uniquePrefix } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamName, type RecordedEvent } from '../src/event-store.js';
import { measureProjectionLag, measureRelayLag } from '../src/lag.js';
import { ensureStream } from '../src/nats/stream.js';
import { startRelay } from '../src/relay/relay.js';
import { catalogRelayOptions, catalogSchema, runCatalogProjections } from './catalog-pipeline.js';
import { createNatsFixture } from './nats-fixtures.js';
import { createStoreFixture, productCreated, waitUntil } from './projection-fixtures.js';
import { productsProjection } from './projection-products.js';

const fixture = startedForFile(createStoreFixture);
const nats = startedForFile(createNatsFixture);

beforeAll(async () => {
  await fixture.db.pool.query(`CREATE SCHEMA IF NOT EXISTS ${catalogSchema}`);
});

const freshCategory = () => uniquePrefix('catalog_l');

/** Appends `count` products, each on its own stream, and returns them as stored. */
async function appendProducts(category: string, count: number): Promise<RecordedEvent[]> {
  const recorded: RecordedEvent[] = [];
  for (let n = 0; n < count; n += 1) {
    const stream = streamName(category, randomUUID());
    await fixture.store.append(stream, [productCreated()], 'no_stream');
    recorded.push(...(await fixture.store.readStream(stream)).events);
  }
  return recorded;
}

/** A clock pinned `ms` after the event was recorded, so ages are exact. */
const after = (event: RecordedEvent, ms: number) => () => new Date(event.recordedAt.getTime() + ms);

describe('PostgreSQL backlog', () => {
  it('counts exactly up to the limit, across categories, from the first event after the position', async () => {
    const [a, b] = [freshCategory(), freshCategory()];
    const ofA = await appendProducts(a, 4);
    const ofB = await appendProducts(b, 2);

    expect(await fixture.store.backlog({ after: 'start', categories: [a, b], limit: 100 })).toEqual({
      events: 6,
      firstRecordedAt: ofA[0]!.recordedAt,
    });
    expect(await fixture.store.backlog({ after: 'start', categories: [a], limit: 3 })).toMatchObject({
      events: 3,
    });
    expect(await fixture.store.backlog({ after: ofA[1]!.position, categories: [a], limit: 100 })).toEqual({
      events: 2,
      firstRecordedAt: ofA[2]!.recordedAt,
    });
    expect(await fixture.store.backlog({ after: ofA[3]!.position, categories: [b], limit: 100 })).toEqual({
      events: 2,
      firstRecordedAt: ofB[0]!.recordedAt,
    });
    expect(await fixture.store.backlog({ after: ofB[1]!.position, categories: [a, b], limit: 100 })).toEqual({
      events: 0,
      firstRecordedAt: null,
    });
  });

  it('counts events held back behind an open transaction: they are committed yet no reader can have them', async () => {
    const category = freshCategory();
    const holder = await fixture.db.pool.connect();
    try {
      // A transaction with an id keeps the snapshot's xmin below every later commit (postgres/README.md).
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');
      const [held] = await appendProducts(category, 1);

      expect(await fixture.store.headPosition([category])).toBe('start');
      expect(await fixture.store.backlog({ after: 'start', categories: [category], limit: 100 })).toEqual({
        events: 1,
        firstRecordedAt: held!.recordedAt,
      });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });
});

describe('projection lag', () => {
  it('grows while a projection cannot apply, and is zero once it has caught up', async () => {
    const category = freshCategory();
    const projection = productsProjection(catalogSchema, uniquePrefix('lag_'));
    await projection.create(fixture.db.pool);
    const stuck = await appendProducts(category, 3);
    projection.failOn.add(stuck[0]!.id);
    const runner = await runCatalogProjections(fixture, [category], [projection]);
    try {
      const clock = { now: after(stuck[0]!, 45_000) };
      expect(await measureProjectionLag(fixture.store, runner, clock)).toEqual([
        { name: projection.name, behindEvents: 3, oldestUnappliedAgeMs: 45_000 },
      ]);
      const more = await appendProducts(category, 2);
      expect(await measureProjectionLag(fixture.store, runner, clock)).toEqual([
        { name: projection.name, behindEvents: 5, oldestUnappliedAgeMs: 45_000 },
      ]);

      projection.failOn.clear();
      expect(await runner.waitFor(more[1]!.position, 10_000)).toBe(true);
      expect(await measureProjectionLag(fixture.store, runner)).toEqual([
        { name: projection.name, behindEvents: 0, oldestUnappliedAgeMs: null },
      ]);
    } finally {
      await runner.stop();
    }
  });

  it('reports each projection from its own checkpoint', async () => {
    const category = freshCategory();
    const ahead = productsProjection(catalogSchema, uniquePrefix('ahead_'));
    const behind = productsProjection(catalogSchema, uniquePrefix('behind_'));
    await Promise.all([ahead.create(fixture.db.pool), behind.create(fixture.db.pool)]);
    const events = await appendProducts(category, 2);
    behind.failOn.add(events[1]!.id);
    const runner = await runCatalogProjections(fixture, [category], [ahead, behind]);
    try {
      const clock = { now: after(events[1]!, 1_000) };
      const settled = await waitUntil(async () => {
        const lag = await measureProjectionLag(fixture.store, runner, clock);
        return lag[0]?.behindEvents === 0 && lag[1]?.behindEvents === 1;
      });
      expect(settled).toBe(true);
      expect(await measureProjectionLag(fixture.store, runner, clock)).toEqual([
        { name: ahead.name, behindEvents: 0, oldestUnappliedAgeMs: null },
        { name: behind.name, behindEvents: 1, oldestUnappliedAgeMs: 1_000 },
      ]);
    } finally {
      await runner.stop();
    }
  });
});

describe('relay lag', () => {
  it('counts what a relay that cannot publish has not published, and is zero once it has', async () => {
    const category = freshCategory();
    const options = catalogRelayOptions(fixture, nats, [category]);
    // The stream does not take the relay's subjects yet, so every publish fails and is retried.
    const narrow = { ...options.stream, subjects: [`${options.subjectPrefix}other.>`] };
    const events = await appendProducts(category, 2);
    const relay = await startRelay({ ...options, stream: narrow });
    try {
      expect(await measureRelayLag(fixture.store, relay, { now: after(events[0]!, 31_000) })).toEqual({
        behindEvents: 2,
        oldestUnpublishedAgeMs: 31_000,
      });

      await ensureStream(nats.jsm, options.stream);
      expect(
        await waitUntil(async () => (await measureRelayLag(fixture.store, relay)).behindEvents === 0, 10_000),
      ).toBe(true);
      expect(await measureRelayLag(fixture.store, relay)).toEqual({
        behindEvents: 0,
        oldestUnpublishedAgeMs: null,
      });
    } finally {
      await relay.stop();
    }
  });

  it('has a standby replica report the leader’s progress from the stored checkpoint', async () => {
    const category = freshCategory();
    const options = catalogRelayOptions(fixture, nats, [category]);
    const [a, b] = await Promise.all([startRelay(options), startRelay(options)]);
    try {
      await appendProducts(category, 3);
      const caughtUp = async () =>
        (await measureRelayLag(fixture.store, a)).behindEvents === 0 &&
        (await measureRelayLag(fixture.store, b)).behindEvents === 0;
      expect(await waitUntil(caughtUp, 10_000)).toBe(true);
      expect([a, b].filter((relay) => relay.position() === 'start')).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
