import type { BacklogReader, EventStore, EventStoreLogger } from '../event-store.js';
import { ClientHolder } from './client-holder.js';
import { HeadTracker } from './head-tracker.js';
import { appendEvents } from './kurrent-append.js';
import { createBacklogReader } from './kurrent-backlog.js';
import { checkConnectionString, connectKurrentClient, type KurrentClient } from './kurrent-client.js';
import { isStreamNotFound, mapKurrentError } from './kurrent-errors.js';
import { describeTarget } from './kurrent-mapping.js';
import { readNewestOf, readStreamEvents, type ReadContext } from './kurrent-reads.js';
import { readOrCreateStoreId } from './kurrent-store-id.js';
import { subscribeToCategories } from './kurrent-subscription.js';

export interface KurrentEventStoreOptions {
  /** `kurrentdb://host:2113?tls=false` (or `esdb://`). */
  connectionString: string;
  logger?: EventStoreLogger;
  /** The client behind the adapter; tests give one with a fake transport. Default: the real client. */
  connect?: (connectionString: string) => KurrentClient;
}

/** The production event store (ARCHITECTURE.md "Event store"), over the official client (README "KurrentDB"). */
export function createKurrentEventStore(options: KurrentEventStoreOptions): EventStore & BacklogReader {
  const { connectionString, logger } = options;
  checkConnectionString(connectionString);
  const connect = options.connect ?? connectKurrentClient;
  const clients = new ClientHolder({
    connect: () => connect(connectionString),
    ...(logger ? { logger } : {}),
  });
  const target = describeTarget(connectionString);
  const reads: ReadContext = { client: () => clients.current, target };
  const heads = new HeadTracker({ readNewest: (category) => readNewestOf(reads, category) });
  const closing = new AbortController();
  let storeId: Promise<string> | undefined;

  return {
    append: (stream, events, expected) => appendEvents({ clients, target, heads }, stream, events, expected),

    readStream: (stream) => readStreamEvents(reads, stream),

    subscribe: (subscribeOptions) =>
      subscribeToCategories(
        { ...reads, heads, storeSignal: closing.signal, ...(logger ? { logger } : {}) },
        subscribeOptions,
      ),

    headPosition: (categories) => heads.head(categories),

    backlog: createBacklogReader(reads, heads),

    storeId() {
      storeId ??= readOrCreateStoreId(reads);
      // A failed read (the server away) is not remembered: the next caller asks again.
      storeId.catch(() => (storeId = undefined));
      return storeId;
    },

    async ping() {
      // Reading one missing stream is the cheapest call that needs a live server and no $all rights.
      try {
        for await (const _ of clients.current.readStream('eventstore_ping-0', { maxCount: 1 })) break;
      } catch (error) {
        if (!isStreamNotFound(error)) throw mapKurrentError(error, { target });
      }
    },

    async close() {
      closing.abort();
      await clients.close();
    },
  };
}
