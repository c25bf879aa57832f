import { NotFoundError } from '@app/domain';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { streamName } from '../../src/event-store.js';
import { StreamDeletedError } from '../../src/kurrentdb/kurrent-errors.js';
import { EventStoreUnavailableError } from '../../src/storage-unavailable.js';
import { freshCategory, newEvent } from '../event-store-contract.js';
import { bridgeError } from './client-modules.js';
import { FakeKurrentServer } from './fake-transport.js';
import { fakeKurrentStore } from './kurrent-fixtures.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

function open(server = new FakeKurrentServer()) {
  const fake = fakeKurrentStore(undefined, server);
  opened.push(fake.store);
  return fake;
}

const stream = () => streamName(freshCategory(), uuidv7());

describe('KurrentDB adapter reads (real client, fake transport)', () => {
  it.each([
    ['readStream', (store: ReturnType<typeof open>['store']) => store.readStream(stream())],
    ['ping', (store: ReturnType<typeof open>['store']) => store.ping()],
    ['headPosition', (store: ReturnType<typeof open>['store']) => store.headPosition([freshCategory()])],
  ])('%s reports a server restart mid-read as EventStoreUnavailableError', async (_, call) => {
    const { store, server } = open();
    server.bridge.failures.push(bridgeError('UnknownError', 'Server-side error: status: Unavailable'));
    await expect(call(store)).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });

  it('reads a command’s stream from the leader', async () => {
    const { store, server } = open();
    const name = stream();
    await store.append(name, [newEvent()], 'no_stream');
    await store.readStream(name);
    expect(server.bridge.reads.filter((read) => read.stream === name).at(-1)!.options).toMatchObject({
      requiresLeader: true,
    });
  });

  it('reads a stream never written as no_stream', async () => {
    const { store } = open();
    expect(await store.readStream(stream())).toEqual({ events: [], revision: 'no_stream' });
  });

  it('refuses a tombstoned stream, on read and on append, with StreamDeletedError (404)', async () => {
    const { store, server } = open();
    const name = stream();
    await store.append(name, [newEvent()], 'no_stream');
    server.log.tombstone(name);
    await expect(store.readStream(name)).rejects.toBeInstanceOf(StreamDeletedError);
    const appended = store.append(name, [newEvent()], 0);
    await expect(appended).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(appended).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a soft-deleted stream rather than reading it as new, whose revisions an append would continue', async () => {
    const { store, server } = open();
    const name = stream();
    await store.append(name, [newEvent(), newEvent()], 'no_stream');
    server.log.softDelete(name);
    await expect(store.readStream(name)).rejects.toMatchObject({
      name: 'StreamDeletedError',
      streamName: name,
    });
    // What a command would have done with `no_stream`: the server takes it and continues at revision 2.
    expect((await store.append(name, [newEvent()], 'no_stream')).nextRevision).toBe(2);
  });

  it('gives one store id to every process on one store, and another to another store', async () => {
    const server = new FakeKurrentServer();
    const [first, second] = [open(server).store, open(server).store];
    const ids = await Promise.all([first.storeId(), second.storeId()]);
    expect(ids[0]).toMatch(/^kurrentdb:[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(await open().store.storeId()).not.toBe(ids[0]);
  });
});
