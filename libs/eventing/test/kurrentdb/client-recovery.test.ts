import { jsonEvent } from '@kurrent/kurrentdb-client';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { streamName } from '../../src/event-store.js';
import { ClientHolder } from '../../src/kurrentdb/client-holder.js';
import { wrapKurrentClient, type KurrentClient } from '../../src/kurrentdb/kurrent-client.js';
import { EventStoreUnavailableError } from '../../src/storage-unavailable.js';
import { freshCategory, newEvent } from '../event-store-contract.js';
import { captureLogger } from '../capture-logger.js';
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

  it.each([
    ['unavailable', grpc.status.UNAVAILABLE],
    ['cancelled', grpc.status.CANCELLED],
  ])('keeps a client whose kept failure (%s) it drops by itself', async (_, code) => {
    // The moment before the client's own reset lands: it clears the answer only after awaiting its channel
    // (Client/index.js:312-328), so the failed answer may still be the one kept when the adapter looks.
    const kept = grpcError(code, 'the server went away');
    const client = { serverFeatures: () => Promise.reject(kept), close: async () => undefined };
    const replacement = { serverFeatures: async () => undefined, close: async () => undefined };
    const connections = [client, replacement];
    const holder = new ClientHolder({ connect: () => connections.shift() as unknown as KurrentClient });
    await holder.recoverFrom(holder.current);
    expect(holder.current).toBe(client);
  });

  it('keeps a client that got its server features, after a call of its own failed (a conflict)', async () => {
    const server = new FakeKurrentServer();
    const holder = new ClientHolder({ connect: () => wrapKurrentClient(server.client()) });
    opened.push(holder);
    const client = holder.current;
    const append = () =>
      client.appendToStream('test_thing-1', [jsonEvent({ type: 'T', data: {} })], {
        streamState: 'no_stream',
      });
    await append();
    await expect(append()).rejects.toMatchObject({ type: 'wrong-expected-version' });
    await holder.recoverFrom(client);
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
      await expect(
        client.appendToStream(stream(), [jsonEvent({ type: 'T', data: {} })], {}),
      ).rejects.toBeDefined();
      await holder.recoverFrom(client);
      return client !== holder.current;
    };
    expect(await wedge()).toBe(true);
    now += 1_000;
    expect(await wedge()).toBe(false);
    now += 5_000;
    expect(await wedge()).toBe(true);
  });
});
