import {
  BACKWARDS,
  END,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  START,
  streamNameFilter,
  type AppendResult as KurrentAppendResult,
} from '@kurrent/kurrentdb-client';
import {
  categoryOf,
  comparePositions,
  type AppendResult,
  type Backlog,
  type BacklogQuery,
  type BacklogReader,
  type EventStore,
  type EventStoreLogger,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
} from '../event-store.js';
import {
  describeTarget,
  isStreamNotFound,
  mapKurrentError,
  toRecordedEvent,
  toStreamState,
} from './kurrent-mapping.js';

export interface KurrentEventStoreOptions {
  /** `kurrentdb://host:2113?tls=false` (or `esdb://`). */
  connectionString: string;
  logger?: EventStoreLogger;
}

/** The production event store (ARCHITECTURE.md "Event store"), over the official gRPC client. */
export function createKurrentEventStore(options: KurrentEventStoreOptions): EventStore & BacklogReader {
  const client = KurrentDBClient.connectionString(options.connectionString);
  const target = describeTarget(options.connectionString);
  const closing = new AbortController();

  /** Categories are whole stream-name prefixes up to the dash, so `${category}-` selects exactly them. */
  const categoryFilter = (categories: readonly string[]) => {
    if (categories.length === 0) throw new Error('Subscribing needs at least one category');
    return streamNameFilter({ prefixes: categories.map((category) => `${category}-`) });
  };

  const lastPositionOf = async (stream: string): Promise<Position> => {
    for await (const resolved of client.readStream(stream, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    })) {
      if (resolved.event) return toRecordedEvent(resolved.event).position;
    }
    throw new Error(`Stream ${stream} has no events after a successful append`);
  };

  /** The newest event of the categories: one filtered read backwards from the end. */
  async function headPosition(categories: readonly string[]): Promise<Position | 'start'> {
    try {
      const newest = client.readAll({
        direction: BACKWARDS,
        fromPosition: END,
        maxCount: 1,
        filter: categoryFilter(categories),
      });
      for await (const resolved of newest) {
        if (resolved.event) return toRecordedEvent(resolved.event).position;
      }
      return 'start';
    } catch (error) {
      throw mapKurrentError(error, target);
    }
  }

  /**
   * $all has no index by category that could count the events after a position without reading each of them,
   * so the count is reported only when it is zero (the head is not past the checkpoint) and is null otherwise.
   * The first event after the checkpoint costs one filtered read, which stops at the head at the latest.
   */
  async function backlog({ after, categories }: BacklogQuery): Promise<Backlog> {
    const head = await headPosition(categories);
    if (comparePositions(head, after) <= 0) return { events: 0, firstRecordedAt: null };
    try {
      // A read from a position includes the event at it; two are enough to get past the checkpoint's own.
      const next = client.readAll({
        direction: FORWARDS,
        fromPosition: after === 'start' ? START : after,
        maxCount: 2,
        filter: categoryFilter(categories),
      });
      for await (const resolved of next) {
        if (!resolved.event) continue;
        const event = toRecordedEvent(resolved.event);
        if (comparePositions(event.position, after) > 0)
          return { events: null, firstRecordedAt: event.recordedAt };
      }
      return { events: null, firstRecordedAt: null };
    } catch (error) {
      throw mapKurrentError(error, target);
    }
  }

  async function* subscribe(subscribeOptions: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    const signal = AbortSignal.any([subscribeOptions.signal, closing.signal]);
    const filter = categoryFilter(subscribeOptions.categories);
    if (signal.aborted) return;
    const wanted = new Set(subscribeOptions.categories);
    const subscription = client.subscribeToAll({
      fromPosition: subscribeOptions.from === 'start' ? START : subscribeOptions.from,
      filter,
    });
    // The iteration below sees errors too; this listener only keeps a late one, after the iteration ended,
    // from becoming an unhandled 'error' event.
    subscription.on('error', () => undefined);
    // Destroying the readable ends a pending iteration at once; `finally` then cancels the gRPC call.
    const stop = (): void => void subscription.destroy();
    signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const resolved of subscription) {
        const event = resolved.event;
        // System events ($-prefixed types or streams) and links are not domain events.
        if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) continue;
        if (!wanted.has(categoryOf(event.streamId))) continue;
        yield toRecordedEvent(event);
        if (signal.aborted) return;
      }
    } catch (error) {
      if (signal.aborted) return;
      const mapped = mapKurrentError(error, target);
      options.logger?.error(
        { err: mapped, categories: subscribeOptions.categories },
        'KurrentDB subscription failed',
      );
      throw mapped;
    } finally {
      signal.removeEventListener('abort', stop);
      await subscription.unsubscribe().catch(() => undefined);
    }
  }

  return {
    async append(stream, events, expectedRevision): Promise<AppendResult> {
      if (events.length === 0) throw new Error(`Append to ${stream} needs at least one event`);
      let result: KurrentAppendResult;
      try {
        result = await client.appendToStream(
          stream,
          events.map((event) =>
            jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: { ...event.metadata } }),
          ),
          { streamState: toStreamState(expectedRevision) },
        );
      } catch (error) {
        throw mapKurrentError(error, target, stream, expectedRevision);
      }
      // An idempotent retry (same event ids) succeeds without a position; the stream's last event has it.
      const position = result.position ?? (await lastPositionOf(stream));
      return { nextRevision: Number(result.nextExpectedRevision), position };
    },

    async readStream(stream) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(stream)) {
          if (resolved.event) events.push(toRecordedEvent(resolved.event));
        }
      } catch (error) {
        if (isStreamNotFound(error)) return { events: [], revision: 'no_stream' };
        throw mapKurrentError(error, target, stream);
      }
      const last = events.at(-1);
      return { events, revision: last ? last.revision : 'no_stream' };
    },

    subscribe,

    headPosition,

    backlog,

    async ping() {
      // Reading one missing stream is the cheapest call that needs a live server and no $all rights.
      try {
        for await (const _ of client.readStream('eventstore_ping-0', { maxCount: 1 })) break;
      } catch (error) {
        if (!isStreamNotFound(error)) throw mapKurrentError(error, target);
      }
    },

    async close() {
      closing.abort();
      await client.dispose();
    },
  };
}
