import { jsonEvent } from '@kurrent/kurrentdb-client';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { streamName } from '../../src/event-store.js';
import { ClientHolder } from '../../src/kurrentdb/client-holder.js';
import { wrapKurrentClient } from '../../src/kurrentdb/kurrent-client.js';
import { EventStoreUnavailableError } from '../../src/storage-unavailable.js';
import { freshCategory, newEvent } from '../event-store-contract.js';
import { captureLogger } from '../projection-fixtures.js';
import { grpc, grpcError } from './client-modules.js';
import { FakeKurrentServer } from './fake-transport.js';
import { fakeKurrentStore } from './kurrent-fixtures.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const stream = () => streamName(freshCategory(), uuidv7());
const deadline = () => grpcError(grpc.status.DEADLINE_EXCEEDED, 'Deadline exceeded');

describe('a client wedged by a failed server-features call', () => {
  it('is real: the client alone keeps failing every append with the answer it kept', async () => {
    const server = new FakeKurrentServer();
    server.featureAnswers.push(deadline());
    const client = server.client();
    opened.push({ close: () => client.dispose() });
    const append = () => client.appendToStream(stream(), [jsonEvent({ type: 'T', data: {} })]);
    const first = await append().catch((error: unknown) => error);
    // Only UnavailableError and CancelledError make it ask again (Client/index.js:300-328).
    await expect(append()).rejects.toBe(first);
    await expect(append()).rejects.toBe(first);
    expect(server.featureCalls).toBe(1);
    expect(server.log.events).toHaveLength(0);
  });

  it('is replaced by the adapter, so the next append succeeds without a restart', async () => {
    const server = new FakeKurrentServer();
    server.featureAnswers.push(deadline());
    const logger = captureLogger();
    const { store } = fakeKurrentStore(logger, server);
    opened.push(store);
    const name = stream();
    await expect(store.append(name, [newEvent()], 'no_stream')).rejects.toBeInstanceOf(
      EventStoreUnavailableError,
    );
    expect(await store.append(name, [newEvent()], 'no_stream')).toMatchObject({ nextRevision: 0 });
    expect(server.clients).toHaveLength(2);
    expect(logger.at('warn').map((entry) => entry.message)).toEqual([
      'KurrentDB client kept a failed server-features answer that would fail every append; replaced the client',
    ]);
    await store.close();
    // Both clients' channels are closed with the store, the replaced one included.
    expect(server.channelsClosed).toBe(server.channelsOpened);
  });

  it('keeps a client that asks again by itself (unavailable), and one that failed on something else', async () => {
    const server = new FakeKurrentServer();
    server.featureAnswers.push(grpcError(grpc.status.UNAVAILABLE, 'connection refused'));
    const holder = new ClientHolder({ connect: () => wrapKurrentClient(server.client()) });
    opened.push(holder);
    const client = holder.current;
    const error = await client
      .appendToStream(stream(), [jsonEvent({ type: 'T', data: {} })], {})
      .catch((caught: unknown) => caught);
    await holder.recoverFrom(client, error);
    await holder.recoverFrom(client, new Error('something of its own'));
    expect(holder.current).toBe(client);
  });

  it('replaces a wedged client at most once every few seconds', async () => {
    const server = new FakeKurrentServer();
    let now = 0;
    const holder = new ClientHolder({ connect: () => wrapKurrentClient(server.client()), now: () => now });
    opened.push(holder);
    const wedge = async () => {
      server.featureAnswers.push(deadline());
      const client = holder.current;
      const error = await client
        .appendToStream(stream(), [jsonEvent({ type: 'T', data: {} })], {})
        .catch((caught: unknown) => caught);
      await holder.recoverFrom(client, error);
      return client !== holder.current;
    };
    expect(await wedge()).toBe(true);
    now += 1_000;
    expect(await wedge()).toBe(false);
    now += 5_000;
    expect(await wedge()).toBe(true);
  });
});
