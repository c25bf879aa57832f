import { ConcurrencyError, TooLargeError } from '@app/domain';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { streamName } from '../../src/event-store.js';
import { createKurrentEventStore } from '../../src/kurrentdb/kurrent-event-store.js';
import { wrapKurrentClient } from '../../src/kurrentdb/kurrent-client.js';
import { freshCategory, newEvent } from '../event-store-contract.js';
import { connectionString, fakeKurrentStore } from './kurrent-fixtures.js';
import { FakeKurrentServer } from './fake-transport.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const stream = () => streamName(freshCategory(), uuidv7());

// The client appends through BatchAppend when the server offers it (every KurrentDB) and through Append
// otherwise (appendToStream/index.js:12-28); each has its own answers and its own quirks.
describe.each([
  ['batch appends (every KurrentDB)', true],
  ['single appends (servers before 21.10)', false],
])('KurrentDB adapter appends through %s (real client, fake transport)', (_, offersBatchAppend) => {
  const server = () => Object.assign(new FakeKurrentServer(), { offersBatchAppend });
  const open = (on = server()) => {
    const fake = fakeKurrentStore(undefined, on);
    opened.push(fake.store);
    return fake;
  };

  it('round-trips an append through the client to the log and back', async () => {
    const { store } = open();
    const name = stream();
    const events = [newEvent('Opened', { n: 1 }), newEvent('Renamed', { name: 'x' })];
    const result = await store.append(name, events, 'no_stream');
    expect(result.nextRevision).toBe(1);
    const read = await store.readStream(name);
    expect(read.events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata }))).toEqual(events);
    expect(read.events[1]!.position).toEqual(result.position);
  });

  it('reports a conflict as ConcurrencyError with the actual revision even from a client that resolves { success: false }', async () => {
    const on = server();
    // The option the adapter refuses, given anyway: the client then resolves instead of throwing (append.js:100-116,
    // batchAppend.js:32-44, whose revision is then 1 or -1 whatever the stream's is).
    const store = createKurrentEventStore({
      connectionString,
      connect: () => wrapKurrentClient(on.client({ throwOnAppendFailure: false })),
    });
    opened.push(store);
    const name = stream();
    const first = newEvent('First');
    await store.append(name, [first], 'no_stream');
    const lost = store.append(name, [newEvent('Second')], 'no_stream');
    await expect(lost).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(lost).rejects.toMatchObject({ actualRevision: 0 });
    expect((await store.readStream(name)).events.map((event) => event.id)).toEqual([first.id]);
  });

  it('refuses an append that repeats an event id, before anything reaches the server', async () => {
    const { store, server } = open();
    const event = newEvent();
    await expect(store.append(stream(), [event, { ...event }], 'no_stream')).rejects.toThrow(
      /repeats an event id/,
    );
    expect(server.log.events).toHaveLength(0);
  });

  it('answers a retried append of stored events with ConcurrencyError, as PostgreSQL does, and stores them once', async () => {
    const { store, server } = open();
    const name = stream();
    const events = [newEvent(), newEvent()];
    await store.append(name, events, 'no_stream');
    // The server acknowledges the retry without writing and without a position (Streams.Append.cs, NoPosition).
    const retry = store.append(name, events, 'no_stream');
    await expect(retry).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(retry).rejects.toMatchObject({ actualRevision: 1 });
    expect(server.log.events.filter((event) => event.stream === name)).toHaveLength(2);
  });

  it('maps an append over the server’s MaxAppendSize to TooLargeError naming the limit', async () => {
    const { store, server } = open();
    server.maxAppendSize = 64 * 1024;
    const big = newEvent('Big', { text: 'x'.repeat(70 * 1024) });
    const refused = store.append(stream(), [big], 'no_stream');
    await expect(refused).rejects.toBeInstanceOf(TooLargeError);
    await expect(refused).rejects.toThrow(
      'This change is too large to save (at most 64 KB can be saved at once).',
    );
    expect(server.log.events).toHaveLength(0);
  });
});

describe('KurrentDB adapter connection string', () => {
  it.each([
    ['throwOnAppendFailure=false', /throwOnAppendFailure=false/],
    ['nodePreference=follower', /must read from the leader: use nodePreference=leader/],
  ])('refuses %s before connecting', (option, message) => {
    const server = new FakeKurrentServer();
    expect(() =>
      createKurrentEventStore({ connectionString: `${connectionString}&${option}`, connect: server.connect }),
    ).toThrow(message);
    expect(server.clients).toHaveLength(0);
  });
});
