import { v7 as uuidv7 } from 'uuid';
import type { BacklogReader, EventStore } from '../../src/event-store.js';
import { createKurrentEventStore } from '../../src/kurrentdb/kurrent-event-store.js';
import { jsonBytes, type LoggedEvent } from './fake-log.js';
import { FakeKurrentServer } from './fake-transport.js';
import type { EventStoreLogger } from '../../src/event-store.js';

export const connectionString = 'kurrentdb://127.0.0.1:2113?tls=false';

export interface FakeStore {
  server: FakeKurrentServer;
  store: EventStore & BacklogReader;
}

/** The KurrentDB adapter, unchanged, over a real client whose transport is the fake server. */
export function fakeKurrentStore(logger?: EventStoreLogger, server = new FakeKurrentServer()): FakeStore {
  const store = createKurrentEventStore({
    connectionString,
    connect: server.connect,
    ...(logger ? { logger } : {}),
  });
  return { server, store };
}

/** Writes an event straight into the log, as another writer (or a bug) could have: no checks, any bytes. */
export function writeRaw(
  server: FakeKurrentServer,
  stream: string,
  event: { type?: string; data: Uint8Array; isJson?: boolean; metadata?: Uint8Array },
): LoggedEvent {
  server.log.write(stream, [
    {
      id: uuidv7(),
      type: event.type ?? 'ThingHappened',
      isJson: event.isJson ?? true,
      data: event.data,
      metadata: event.metadata ?? jsonBytes({}),
    },
  ]);
  return server.log.events.at(-1)!;
}
