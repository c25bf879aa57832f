/**
 * The proof that subscribers never skip an event whose transaction commits after a later-numbered one
 * (ARCHITECTURE.md "Event store", postgres/README.md). Real concurrent connections, no mocks.
 */
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { comparePositions, streamName, type RecordedEvent } from '../src/event-store.js';
import { appendInTransaction } from '../src/postgres/append.js';
import { createPostgresEventStore, type PostgresEventStore } from '../src/postgres/postgres-event-store.js';
import { freshCategory, newEvent } from './event-store-contract.js';

let db: TestDatabase;
let store: PostgresEventStore;
/** Subscription reads completed so far, to know a subscriber has looked again without sleeping. */
let subscriptionReads = 0;

beforeAll(async () => {
  db = await createTestDatabase(inject('databaseUrl'));
  db.pool.options.max = 16;
  const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => Promise<unknown>;
  db.pool.query = ((...args: unknown[]) => {
    const counts = typeof args[0] === 'string' && args[0].includes('LIMIT $4');
    return query(...args).then((result) => {
      if (counts) subscriptionReads += 1;
      return result;
    });
  }) as typeof db.pool.query;
  store = createPostgresEventStore({ pool: db.pool, pollIntervalMs: 20 });
  await store.migrate();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/** Runs a subscription in the background, collecting everything it delivers until stopped. */
function backgroundSubscriber(categories: string[]) {
  const controller = new AbortController();
  const received: RecordedEvent[] = [];
  const done = (async () => {
    for await (const event of store.subscribe({ from: 'start', categories, signal: controller.signal })) {
      received.push(event);
    }
  })();
  return {
    received,
    async until(id: string, timeout = 10_000) {
      await expect
        .poll(() => received.some((event) => event.id === id), { timeout, interval: 10 })
        .toBe(true);
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}

describe('PostgreSQL subscriptions and commit order', () => {
  it('delivers an event held back by an open older transaction, which a global_position reader skips', async () => {
    const category = freshCategory();
    const subscriber = backgroundSubscriber([category]);
    const [a, b, c] = [newEvent('A'), newEvent('B'), newEvent('C')];

    const held = await db.pool.connect();
    let committed = false;
    try {
      await held.query('BEGIN');
      const resultA = await appendInTransaction(
        held,
        store.schema,
        streamName(category, uuidv7()),
        [a],
        'no_stream',
      );
      const resultB = await store.append(streamName(category, uuidv7()), [b], 'no_stream');
      await store.append(streamName(category, uuidv7()), [c], 'no_stream');

      // A took the lower global_position but has not committed: a reader that trusts global_position
      // moves past it now...
      expect(resultA.position.prepare < resultB.position.prepare).toBe(true);
      const naive = await db.pool.query<{ global_position: string }>(
        `SELECT global_position FROM ${store.schema}.events WHERE category = $1 ORDER BY global_position`,
        [category],
      );
      expect(naive.rows).toHaveLength(2);
      const lastSeen = naive.rows[1]!.global_position;

      // ...while the store does not offer B or C yet: A, still open, would land behind them. Two completed
      // reads after C's commit mean the subscriber has read at least once since then.
      const readsBefore = subscriptionReads;
      await expect.poll(() => subscriptionReads, { interval: 5 }).toBeGreaterThanOrEqual(readsBefore + 2);
      expect(subscriber.received).toEqual([]);
      expect(await store.headPosition([category])).toBe('start');

      await held.query('COMMIT');
      committed = true;
      const naiveAfter = await db.pool.query(
        `SELECT event_id FROM ${store.schema}.events WHERE category = $1 AND global_position > $2`,
        [category, lastSeen],
      );
      expect(naiveAfter.rows).toEqual([]); // the naive reader never sees A: the gap this test guards against
    } finally {
      held.release(!committed); // a failed test must not leave the transaction open on a pooled connection
    }

    const sentinel = newEvent('Sentinel');
    await store.append(streamName(category, uuidv7()), [sentinel], 'no_stream');
    await subscriber.until(sentinel.id);
    await subscriber.stop();
    expect(subscriber.received.map((event) => event.type)).toEqual(['A', 'B', 'C', 'Sentinel']);
    assertStrictlyIncreasing(subscriber.received);
  });

  it('under 8 concurrent writers with random delays, delivers every event once, each stream in order', async () => {
    const category = freshCategory();
    const streams = Array.from({ length: 12 }, () => streamName(category, uuidv7()));
    const subscriber = backgroundSubscriber([category]);
    const written: string[] = [];
    let budget = 300;

    const writer = async () => {
      while (budget > 0) {
        const count = Math.min(budget, 1 + Math.floor(Math.random() * 3));
        budget -= count;
        const events = Array.from({ length: count }, () => newEvent('Stressed'));
        const stream = streams[Math.floor(Math.random() * streams.length)]!;
        const client = await db.pool.connect();
        try {
          await client.query('BEGIN');
          // Sleeps before the append (no transaction id yet) and after it (id taken, commit delayed).
          await client.query('SELECT pg_sleep($1)', [Math.random() * 0.01]);
          await appendInTransaction(client, store.schema, stream, events, 'any');
          await client.query('SELECT pg_sleep($1)', [Math.random() * 0.02]);
          await client.query('COMMIT');
          written.push(...events.map((event) => event.id));
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, writer));

    const sentinel = newEvent('Sentinel');
    await store.append(streams[0]!, [sentinel], 'any');
    await subscriber.until(sentinel.id, 20_000);
    await subscriber.stop();

    const delivered = subscriber.received.filter((event) => event.type === 'Stressed');
    expect(written).toHaveLength(300);
    expect(delivered).toHaveLength(300);
    expect(new Set(delivered.map((event) => event.id))).toEqual(new Set(written));
    assertStrictlyIncreasing(subscriber.received);
    const nextRevision = new Map<string, number>();
    for (const event of subscriber.received) {
      expect(event.revision).toBe(nextRevision.get(event.streamName) ?? 0);
      nextRevision.set(event.streamName, event.revision + 1);
    }
  });
});

function assertStrictlyIncreasing(events: RecordedEvent[]): void {
  for (let n = 1; n < events.length; n += 1) {
    expect(comparePositions(events[n - 1]!.position, events[n]!.position)).toBe(-1);
  }
}
