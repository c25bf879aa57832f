import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { comparePositions, streamName, type Position, type RecordedEvent } from '../../src/event-store.js';
import { MalformedEventError } from '../../src/malformed-event.js';
import { EventStoreUnavailableError } from '../../src/storage-unavailable.js';
import { collectUntil, freshCategory, newEvent } from '../event-store-contract.js';
import { grpc, grpcError } from './client-modules.js';
import { jsonBytes } from './fake-log.js';
import { fakeKurrentStore, writeRaw } from './kurrent-fixtures.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

function open() {
  const fake = fakeKurrentStore();
  opened.push(fake.store);
  return fake;
}

describe('KurrentDB adapter subscriptions (real client, fake transport)', () => {
  it('delivers an event with the same fields, recordedAt included, as a read of its stream', async () => {
    const { store, server } = open();
    server.log.now = () => Date.UTC(2026, 10, 20, 9, 30, 15, 789);
    const category = freshCategory();
    const stream = streamName(category, uuidv7());
    const event = newEvent();
    await store.append(stream, [event], 'no_stream');
    const [subscribed] = await collectUntil(store, [category], event.id);
    expect(subscribed).toEqual((await store.readStream(stream)).events[0]);
    expect(subscribed!.recordedAt).toEqual(new Date(Date.UTC(2026, 10, 20, 9, 30, 15)));
  });

  it.each([
    ['ends the call without an error', (call: { end(): void }) => call.end()],
    [
      'cancels the call',
      (call: { fail(error: Error): void }) =>
        call.fail(grpcError(grpc.status.CANCELLED, 'Cancelled by server')),
    ],
  ])(
    'throws EventStoreUnavailableError when the server %s, instead of ending as if aborted',
    async (_, end) => {
      const { store, server } = open();
      const events = store
        .subscribe({ from: 'start', categories: [freshCategory()], signal: new AbortController().signal })
        [Symbol.asyncIterator]();
      const next = events.next();
      end(await server.nextSubscription());
      await expect(next).rejects.toBeInstanceOf(EventStoreUnavailableError);
    },
  );

  it('still ends cleanly when the reader aborts', async () => {
    const { store, server } = open();
    const controller = new AbortController();
    const next = store
      .subscribe({ from: 'start', categories: [freshCategory()], signal: controller.signal })
      [Symbol.asyncIterator]()
      .next();
    await server.nextSubscription();
    controller.abort();
    await expect(next).resolves.toEqual({ done: true, value: undefined });
  });

  it('close() cancels open subscriptions and closes the client’s gRPC channel, which dispose() leaves open', async () => {
    const { store, server } = open();
    const next = store
      .subscribe({ from: 'start', categories: [freshCategory()], signal: new AbortController().signal })
      [Symbol.asyncIterator]()
      .next();
    const call = await server.nextSubscription();
    await store.close();
    await expect(next).resolves.toEqual({ done: true, value: undefined });
    expect(call.readable.destroyed).toBe(true);
    expect(server.channelsOpened).toBe(1);
    expect(server.channelsClosed).toBe(1);
  });

  it('names a malformed event with MalformedEventError after the events before it, and resumes after it', async () => {
    const { store, server } = open();
    const category = freshCategory();
    const stream = streamName(category, uuidv7());
    const before = newEvent('Before');
    await store.append(stream, [before], 'no_stream');
    const malformed = writeRaw(server, stream, { data: jsonBytes('a string, not an object') });
    const after = newEvent('After');
    await store.append(stream, [after], 1);

    const seen: RecordedEvent[] = [];
    const failure = await (async () => {
      for await (const event of store.subscribe({
        from: 'start',
        categories: [category],
        signal: new AbortController().signal,
      })) {
        seen.push(event);
      }
    })().catch((error: unknown) => error);
    expect(seen.map((event) => event.id)).toEqual([before.id]);
    expect(failure).toBeInstanceOf(MalformedEventError);
    expect((failure as MalformedEventError).event).toMatchObject({
      id: malformed.id,
      position: malformed.position,
    });

    const resumed = await collectUntil(store, [category], after.id, malformed.position);
    expect(resumed.map((event) => event.id)).toEqual([after.id]);
  });

  it('reports the filter’s checkpoints in order with the events, every 2,000 unrelated events looked through', async () => {
    const { store, server } = open();
    const [mine, busy] = [freshCategory(), freshCategory()];
    const unrelated = (count: number) => {
      for (let n = 0; n < count; n += 1)
        writeRaw(server, streamName(busy, uuidv7()), { data: jsonBytes({ n }) });
    };
    unrelated(3_000);
    const ours = newEvent('Ours');
    await store.append(streamName(mine, uuidv7()), [ours], 'no_stream');
    unrelated(1_500);
    const last = server.log.events.at(-1)!.position;

    const order: Array<RecordedEvent | Position> = [];
    const controller = new AbortController();
    const events = store.subscribe({
      from: 'start',
      categories: [mine],
      signal: controller.signal,
      onProgress: (position) => {
        order.push(position);
        if (comparePositions(position, last) >= 0) controller.abort();
      },
    });
    for await (const event of events) order.push(event);

    // After every 2,000 events looked through (a window of 500, four windows a checkpoint), then at the end of
    // catch-up; our event in between, where it is in the log.
    const lookedThrough = (count: number) => server.log.events[count - 1]!.position;
    expect(order.map((item) => ('id' in item ? item.id : item))).toEqual([
      lookedThrough(2_000),
      ours.id,
      lookedThrough(4_000),
      last,
    ]);
  });
});
