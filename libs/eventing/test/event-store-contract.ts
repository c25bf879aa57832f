import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from '@app/domain';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  streamName,
  type BacklogReader,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../src/event-store.js';

export type EventStoreFactory = () => Promise<{
  store: EventStore & BacklogReader;
  cleanup(): Promise<void>;
}>;

/** A category no other test (or run: the KurrentDB $all log is shared) has written to. */
export function freshCategory(): string {
  return `test_c${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

export function newEvent(type = 'ThingHappened', data: Record<string, unknown> = {}): NewEvent {
  return {
    id: uuidv7(),
    type,
    data: { ...data, nested: { list: [1, 'two', null], flag: true } },
    metadata: { correlationId: uuidv7(), causationId: uuidv7(), actorId: 'tester', schemaVersion: 1 },
  };
}

/** Subscribes until the event with `lastId` arrives; fails with what it got if that takes too long. */
export async function collectUntil(
  store: EventStore,
  categories: readonly string[],
  lastId: string,
  from: Position | 'start' = 'start',
  timeoutMs = 10_000,
): Promise<RecordedEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const seen: RecordedEvent[] = [];
  try {
    for await (const event of store.subscribe({ from, categories, signal: controller.signal })) {
      seen.push(event);
      if (event.id === lastId) return seen;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  throw new Error(`Timed out waiting for ${lastId}; got ${seen.map((event) => event.type).join(', ')}`);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the append to be rejected'),
    (error: unknown) => error,
  );
}

async function expectConflict(promise: Promise<unknown>, actual: number | 'no_stream'): Promise<void> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ConcurrencyError);
  expect((error as ConcurrencyError).actualRevision).toBe(actual);
}

export function describeEventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore & BacklogReader;
    let cleanup: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup();
    });

    const freshStream = (category = freshCategory()) => streamName(category, uuidv7());
    const seed = async (stream: string, count: number) => {
      const events = Array.from({ length: count }, (_, n) => newEvent('Seeded', { n }));
      await store.append(stream, events, 'no_stream');
      return events;
    };

    it('round-trips events with ids, types, data, metadata and revisions 0..n', async () => {
      const stream = freshStream();
      const events = [newEvent('Opened', { n: 1 }), newEvent('Renamed', { name: 'x' }), newEvent('Closed')];
      const result = await store.append(stream, events, 'no_stream');
      expect(result.nextRevision).toBe(2);

      const read = await store.readStream(stream);
      expect(read.revision).toBe(2);
      expect(read.events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata }))).toEqual(
        events,
      );
      expect(read.events.map((event) => event.revision)).toEqual([0, 1, 2]);
      expect(read.events.every((event) => event.streamName === stream)).toBe(true);
      expect(read.events.every((event) => event.recordedAt instanceof Date)).toBe(true);
    });

    it('appends at the expected revision and continues the revisions', async () => {
      const stream = freshStream();
      await seed(stream, 2);
      const result = await store.append(stream, [newEvent(), newEvent()], 1);
      expect(result.nextRevision).toBe(3);
      expect((await store.readStream(stream)).events.map((event) => event.revision)).toEqual([0, 1, 2, 3]);
    });

    it('no_stream: rejects an existing stream, naming its actual revision', async () => {
      const stream = freshStream();
      await seed(stream, 3);
      await expectConflict(store.append(stream, [newEvent()], 'no_stream'), 2);
      expect((await store.readStream(stream)).revision).toBe(2);
    });

    it('revision number: rejects a stale or missing stream, naming the actual revision', async () => {
      const stream = freshStream();
      await seed(stream, 2);
      await expectConflict(store.append(stream, [newEvent()], 0), 1);
      await expectConflict(store.append(stream, [newEvent()], 5), 1);
      await expectConflict(store.append(freshStream(), [newEvent()], 0), 'no_stream');
    });

    it('stream_exists: rejects a missing stream and appends to an existing one', async () => {
      const stream = freshStream();
      await expectConflict(store.append(stream, [newEvent()], 'stream_exists'), 'no_stream');
      await seed(stream, 1);
      expect((await store.append(stream, [newEvent()], 'stream_exists')).nextRevision).toBe(1);
    });

    it('any: creates a stream and appends without a check', async () => {
      const stream = freshStream();
      expect((await store.append(stream, [newEvent()], 'any')).nextRevision).toBe(0);
      expect((await store.append(stream, [newEvent(), newEvent()], 'any')).nextRevision).toBe(2);
    });

    it.each<ExpectedRevision>(['no_stream', 0])(
      'concurrent appends expecting %s: exactly one wins',
      async (expected) => {
        const stream = freshStream();
        if (expected === 0) await seed(stream, 1);
        const attempts = Array.from({ length: 8 }, () => newEvent('Raced'));
        const outcomes = await Promise.allSettled(
          attempts.map((event) => store.append(stream, [event], expected)),
        );

        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
        expect(won).toHaveLength(1);
        expect(lost.every((error) => error instanceof ConcurrencyError)).toBe(true);
        const read = await store.readStream(stream);
        expect(read.events.filter((event) => event.type === 'Raced')).toHaveLength(1);
        expect(read.revision).toBe(expected === 0 ? 1 : 0);
      },
    );

    it('never stores an event id twice (a retry is idempotent or a ConcurrencyError)', async () => {
      const stream = freshStream();
      const event = newEvent();
      await store.append(stream, [event], 'no_stream');
      const retry = await store.append(stream, [event], 'any').then(
        (result) => result,
        (error: unknown) => error,
      );
      if (retry instanceof Error) expect(retry).toBeInstanceOf(ConcurrencyError);
      else expect(retry).toMatchObject({ nextRevision: 0 });
      expect((await store.readStream(stream)).events.map((read) => read.id)).toEqual([event.id]);
    });

    it('rejects an empty append', async () => {
      await expect(store.append(freshStream(), [], 'any')).rejects.toThrow(/at least one event/);
    });

    it('refuses a subscription without categories', async () => {
      const events = store.subscribe({ from: 'start', categories: [], signal: new AbortController().signal });
      await expect(events[Symbol.asyncIterator]().next()).rejects.toThrow(/at least one category/);
    });

    it('reads a missing stream as no_stream with no events', async () => {
      expect(await store.readStream(freshStream())).toEqual({ events: [], revision: 'no_stream' });
    });

    it('subscribes from the start: every event of the categories once, in log order, nothing else', async () => {
      const [a, b, c] = [freshCategory(), freshCategory(), freshCategory()];
      const streamA1 = freshStream(a);
      const streamA2 = freshStream(a);
      const written = {
        a1: [newEvent('A1'), newEvent('A1')],
        b1: [newEvent('B1')],
        c1: [newEvent('C1')],
        a2: [newEvent('A2')],
        b2: [newEvent('B2')],
      };
      await store.append(streamA1, written.a1, 'no_stream');
      await store.append(freshStream(b), written.b1, 'no_stream');
      await store.append(freshStream(c), written.c1, 'no_stream');
      await store.append(streamA2, written.a2, 'no_stream');
      await store.append(freshStream(b), written.b2, 'no_stream');

      const onlyA = await collectUntil(store, [a], written.a2[0]!.id);
      expect(onlyA.map((event) => event.id)).toEqual([...written.a1, ...written.a2].map((event) => event.id));
      const aAndB = await collectUntil(store, [a, b], written.b2[0]!.id);
      expect(aAndB.map((event) => event.type)).toEqual(['A1', 'A1', 'B1', 'A2', 'B2']);
      for (let n = 1; n < aAndB.length; n += 1) {
        expect(comparePositions(aAndB[n - 1]!.position, aAndB[n]!.position)).toBe(-1);
      }
      const stored = (await store.readStream(streamA1)).events;
      expect(onlyA.slice(0, 2)).toEqual(stored);
    });

    it('subscribes from a position: only the events after it', async () => {
      const category = freshCategory();
      const events = [newEvent('First'), newEvent('Second'), newEvent('Third')];
      for (const event of events) await store.append(freshStream(category), [event], 'no_stream');
      const all = await collectUntil(store, [category], events[2]!.id);
      const after = await collectUntil(store, [category], events[2]!.id, all[0]!.position);
      expect(after.map((event) => event.type)).toEqual(['Second', 'Third']);
    });

    it('returns an append position that a subscriber reaches with that append and not before', async () => {
      const category = freshCategory();
      const stream = freshStream(category);
      await store.append(stream, [newEvent('Before')], 'no_stream');
      const result = await store.append(stream, [newEvent('Mine'), newEvent('Mine')], 0);
      const events = await collectUntil(store, [category], (await store.readStream(stream)).events[2]!.id);
      // Before the append's last event a projection is short of the position; after it, it has reached it.
      expect(comparePositions(events[0]!.position, result.position)).toBe(-1);
      expect(comparePositions(events[2]!.position, result.position)).toBeGreaterThanOrEqual(0);
    });

    it('delivers events appended after the subscriber caught up', async () => {
      const category = freshCategory();
      const primer = newEvent('Primer');
      await store.append(freshStream(category), [primer], 'no_stream');
      const controller = new AbortController();
      const iterator = store.subscribe({ from: 'start', categories: [category], signal: controller.signal });
      const events = iterator[Symbol.asyncIterator]();
      try {
        expect((await events.next()).value).toMatchObject({ id: primer.id });
        const next = events.next();
        const live = newEvent('Live');
        await store.append(freshStream(category), [live], 'no_stream');
        expect((await next).value).toMatchObject({ id: live.id, type: 'Live' });
      } finally {
        controller.abort();
        await events.return?.();
      }
    });

    it('ends the iterator cleanly when the signal aborts, also while waiting and if aborted before', async () => {
      const category = freshCategory();
      const primer = newEvent('Primer');
      await store.append(freshStream(category), [primer], 'no_stream');
      const controller = new AbortController();
      const events = store.subscribe({ from: 'start', categories: [category], signal: controller.signal });
      const iterator = events[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toMatchObject({ id: primer.id });
      const waiting = iterator.next(); // caught up: this one waits for new events
      controller.abort();
      await expect(waiting).resolves.toMatchObject({ done: true });

      const seen: RecordedEvent[] = [];
      for await (const event of store.subscribe({
        from: 'start',
        categories: [category],
        signal: AbortSignal.abort(),
      })) {
        seen.push(event);
      }
      expect(seen).toEqual([]);
    });

    it('reports the head position per category: start when empty, else the newest event', async () => {
      const [a, b] = [freshCategory(), freshCategory()];
      expect(await store.headPosition([a])).toBe('start');
      const stream = freshStream(a);
      await store.append(stream, [newEvent(), newEvent()], 'no_stream');
      await store.append(freshStream(b), [newEvent()], 'no_stream');
      const newestOfA = (await store.readStream(stream)).events[1]!.position;
      // Deliverability may lag a commit briefly (PostgreSQL waits for older open transactions), so poll.
      await expect.poll(() => store.headPosition([a]), { timeout: 5_000 }).toEqual(newestOfA);
      const both = await store.headPosition([a, b]);
      expect(both !== 'start' && comparePositions(both, newestOfA)).toBe(1);
    });

    it('reports the backlog after a position: none at the newest event, else when the first after it was recorded', async () => {
      const [a, b] = [freshCategory(), freshCategory()];
      const none = { events: 0, firstRecordedAt: null };
      expect(await store.backlog({ after: 'start', categories: [a], limit: 100 })).toEqual(none);
      const stream = freshStream(a);
      await store.append(stream, [newEvent(), newEvent(), newEvent()], 'no_stream');
      await store.append(freshStream(b), [newEvent()], 'no_stream');
      const [first, second, third] = (await store.readStream(stream)).events;

      const behind = await store.backlog({ after: first!.position, categories: [a], limit: 100 });
      // An adapter that cannot count cheaply says null rather than guess; one that counts is exact.
      expect([2, null]).toContain(behind.events);
      expect(behind.firstRecordedAt).toEqual(second!.recordedAt);
      expect(await store.backlog({ after: third!.position, categories: [a], limit: 100 })).toEqual(none);
    });
  });
}
