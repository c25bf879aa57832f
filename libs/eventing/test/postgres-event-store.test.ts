import { ConcurrencyError } from '@app/domain';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventStore } from '../src/create-event-store.js';
import { comparePositions, streamName } from '../src/event-store.js';
import { createPostgresEventStore, type PostgresEventStore } from '../src/postgres/postgres-event-store.js';
import { collectUntil, describeEventStoreContract, freshCategory, newEvent } from './event-store-contract.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(inject('databaseUrl'));
});
afterAll(async () => {
  await db.drop();
});

describeEventStoreContract('PostgreSQL', async () => {
  const store = createPostgresEventStore({ pool: db.pool });
  await store.migrate();
  return { store, cleanup: () => store.close() };
});

describe('PostgreSQL event store specifics', () => {
  let store: PostgresEventStore;

  beforeAll(async () => {
    // A poll interval far beyond the test timeouts: anything delivered live came through LISTEN/NOTIFY.
    store = createPostgresEventStore({ pool: db.pool, schema: 'es_specifics', pollIntervalMs: 600_000 });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
  });

  it('migrates idempotently when several processes start at once', async () => {
    const schema = `es_m${uuidv7().replaceAll('-', '').slice(-10)}`;
    const stores = Array.from({ length: 4 }, () => createPostgresEventStore({ pool: db.pool, schema }));
    await Promise.all(stores.map((each) => each.migrate()));
    await stores[0]!.migrate();
    const { rows } = await db.pool.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [schema],
    );
    expect(rows.map((row: { table_name: string }) => row.table_name)).toEqual([
      'events',
      'store_identity',
      'streams',
    ]);
    // One identity per store, the same for every process and after another migration; another schema's differs.
    const ids = await Promise.all(stores.map((each) => each.storeId()));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^postgres:[0-9a-f-]{36}$/);
    expect(await store.storeId()).not.toBe(ids[0]);
  });

  it('rejects a duplicate event id with ConcurrencyError and stores nothing', async () => {
    const stream = streamName(freshCategory(), uuidv7());
    const event = newEvent();
    await store.append(stream, [event], 'no_stream');
    const error = await store
      .append(stream, [newEvent(), event], 'stream_exists')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect((error as ConcurrencyError).actualRevision).toBe(0);
    expect((await store.readStream(stream)).events).toHaveLength(1);
  });

  it('returns the exact position of the last appended event', async () => {
    const stream = streamName(freshCategory(), uuidv7());
    const result = await store.append(stream, [newEvent(), newEvent()], 'no_stream');
    const last = (await store.readStream(stream)).events[1]!;
    expect(comparePositions(last.position, result.position)).toBe(0);
  });

  it('orders by transaction id as a number, not as text', async () => {
    const category = freshCategory();
    const [late, early] = [uuidv7(), uuidv7()];
    // Transaction ids far below any live one are safe at once; as text '10' would sort before '9'.
    await db.pool.query(
      `INSERT INTO es_specifics.events
         (transaction_id, stream_name, category, stream_revision, event_id, type, data, metadata)
       VALUES ('10', $1, $2, 0, $3, 'Late', '{}', '{}'), ('9', $4, $2, 0, $5, 'Early', '{}', '{}')`,
      [streamName(category, uuidv7()), category, late, streamName(category, uuidv7()), early],
    );
    const events = await collectUntil(store, [category], late);
    expect(events.map((event) => event.type)).toEqual(['Early', 'Late']);
    expect(await store.headPosition([category])).toEqual(events[1]!.position);
  });

  it('merges the pages of several categories in log order, once each, however small the page', async () => {
    const [a, b] = [freshCategory(), freshCategory()];
    const rows: Array<[string, string, string]> = [
      ['20', a, 'A3'],
      ['11', b, 'B1'],
      ['12', a, 'A1'],
      ['12', b, 'B2'],
      ['15', a, 'A2'],
      ['30', b, 'B3'],
    ];
    for (const [transaction, category, type] of rows) {
      await db.pool.query(
        `INSERT INTO es_specifics.events
           (transaction_id, stream_name, category, stream_revision, event_id, type, data, metadata)
         VALUES ($1, $2, $3, 0, $4, $5, '{}', '{}')`,
        [transaction, streamName(category, uuidv7()), category, uuidv7(), type],
      );
    }
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const event of store.subscribe({
      from: 'start',
      categories: [a, b, a],
      signal: controller.signal,
      batchSize: 2,
    })) {
      seen.push(event.type);
      if (seen.length === rows.length) controller.abort();
    }
    expect(seen).toEqual(['B1', 'A1', 'B2', 'A2', 'A3', 'B3']);
    expect(await store.headPosition([b, a, b])).toMatchObject({ commit: 30n });
  });

  it('wakes subscribers through NOTIFY, and again after the LISTEN connection is killed', async () => {
    const category = freshCategory();
    const controller = new AbortController();
    const iterator = store.subscribe({ from: 'start', categories: [category], signal: controller.signal });
    const events = iterator[Symbol.asyncIterator]();
    try {
      const first = newEvent('First');
      const pending = events.next();
      await store.append(streamName(category, uuidv7()), [first], 'no_stream');
      expect((await pending).value).toMatchObject({ id: first.id });

      const listeners = () =>
        db.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
        );
      // The LISTEN connection opens beside the first poll, which may deliver the event before it is up.
      await expect.poll(async () => (await listeners()).rows.length, { timeout: 5_000 }).toBeGreaterThan(0);
      const [killed] = (await listeners()).rows;
      expect(killed).toBeDefined();
      await db.pool.query('SELECT pg_terminate_backend($1)', [killed!.pid]);
      await expect
        .poll(async () => (await listeners()).rows.some((row) => row.pid !== killed!.pid), { timeout: 5_000 })
        .toBe(true);

      const second = newEvent('Second');
      const next = events.next();
      await store.append(streamName(category, uuidv7()), [second], 'no_stream');
      expect((await next).value).toMatchObject({ id: second.id });
    } finally {
      controller.abort();
      await events.return?.();
    }
  });

  it('ends open subscriptions when the store closes', async () => {
    const closing = createPostgresEventStore({ pool: db.pool, schema: 'es_specifics' });
    const category = freshCategory();
    const primer = newEvent();
    await closing.append(streamName(category, uuidv7()), [primer], 'no_stream');
    const events = closing
      .subscribe({ from: 'start', categories: [category], signal: new AbortController().signal })
      [Symbol.asyncIterator]();
    expect((await events.next()).value).toMatchObject({ id: primer.id });
    const waiting = events.next();
    await closing.close();
    await expect(waiting).resolves.toMatchObject({ done: true });
  });

  it('createEventStore picks PostgreSQL without a URL and KurrentDB with one', async () => {
    const postgres = createEventStore({ pool: db.pool, schema: 'es_specifics' });
    expect(postgres.kind).toBe('postgres');
    await postgres.ping();
    const kurrent = createEventStore({ pool: db.pool, eventStoreUrl: 'kurrentdb://127.0.0.1:1?tls=false' });
    expect(kurrent.kind).toBe('kurrentdb');
    await kurrent.close();
    expect(() => createEventStore({ pool: db.pool, eventStoreUrl: 'http://example' })).toThrow(/kurrentdb/);
    const event = newEvent();
    const stream = streamName(freshCategory(), uuidv7());
    await postgres.append(stream, [event], 'no_stream');
    expect(await collectUntil(postgres, [stream.split('-')[0]!], event.id)).toHaveLength(1);
    await postgres.close();
  });
});
