import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../event-store.js';
import { ensureEventingTables, formatPosition, readCheckpoint } from '../checkpoints.js';
import { MalformedEventError } from '../malformed-event.js';
import { parkEvent } from '../parked-events.js';
import { defaultDuplicateWindowMs, ensureStream, type StreamOptions } from '../nats/stream.js';
import { CheckpointWriter } from './checkpoint-writer.js';
import { acquireLeadership } from './leader-lock.js';
import { publishEvent, type EnvelopeMapping, type PublishContext } from './publish.js';
import { republishParked } from './republish-parked.js';
import { backoffDelay, sleep } from '@app/retry';
import type { EventingLogger } from '../logger.js';

/** Between restarts of a failed lead: a store or NATS that comes back is picked up within 30 s. */
const restartBackoff = { baseMs: 500, maxMs: 30_000 };

export interface RelayOptions {
  eventStore: EventStore;
  pool: pg.Pool;
  /** The owning service's schema, where the checkpoint lives. */
  schema: string;
  nats: NatsConnection;
  /** Ensured at start; its subjects must cover `<subjectPrefix><envelope.type>`. */
  stream: StreamOptions;
  /** '' in production; a unique test prefix like 'tabc123.' in tests. */
  subjectPrefix: string;
  /** The event-store categories this service owns. */
  categories: readonly string[];
  /** null: the event is internal and not published. */
  toIntegrationEvent: EnvelopeMapping;
  /**
   * The Nats-Msg-Id (and envelope id) of an event's message; the event id when absent. A second relay onto the
   * same stream (the audit relay) needs ids of its own, since JetStream drops a message whose id it has seen, and
   * derives them from the event id so that its own republishes are still deduplicated.
   */
  messageIdOf?: (event: RecordedEvent) => string;
  logger: EventingLogger;
  /** Default `relay:<stream name>`. */
  checkpointName?: string;
  /** Checkpoint batching; defaults 100 events / 1 s. `ms` must stay well inside the duplicate window. */
  checkpointEvery?: { events?: number; ms?: number };
  publishTimeoutMs?: number;
  /** Test seam: runs before every checkpoint write; throwing simulates dying between publish and checkpoint. */
  beforeCheckpointWrite?: (position: Position) => Promise<void> | void;
}

export interface Relay {
  /** Ends the subscription, lets the in-flight publish settle, writes the final checkpoint. */
  stop(): Promise<void>;
  /** The last event this relay saw acknowledged by JetStream (or skipped as not published). */
  position(): Position | 'start';
  /** The categories it publishes; with progress(), what lag.ts measures its lag from. */
  readonly categories: readonly string[];
  /**
   * How far publishing has got: this instance's own position, or the stored checkpoint when a leader on another
   * replica has gone further (that one is written in batches, so up to `checkpointEvery` behind the leader).
   */
  progress(): Promise<Position | 'start'>;
}

/**
 * Event store → NATS JetStream for the categories a service owns (ARCHITECTURE.md "Messaging"): subscribe from
 * the stored checkpoint, publish each event with Nats-Msg-Id = event id, await the ack, then checkpoint. A crash
 * between publish and checkpoint republishes; JetStream's duplicate window absorbs that.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { eventStore, pool, schema, logger } = options;
  const name = options.checkpointName ?? `relay:${options.stream.name}`;
  const everyEvents = options.checkpointEvery?.events ?? 100;
  const everyMs = options.checkpointEvery?.ms ?? 1_000;
  const duplicateWindowMs = options.stream.duplicateWindowMs ?? defaultDuplicateWindowMs;
  if (everyMs * 4 > duplicateWindowMs) {
    throw new Error(`relay checkpoint interval ${everyMs} ms must be far below the duplicate window`);
  }

  await ensureEventingTables(pool, schema);
  const store = await eventStore.storeId();
  await ensureStream(await jetstreamManager(options.nats), options.stream);
  const publish: PublishContext = {
    js: jetstream(options.nats),
    subjectPrefix: options.subjectPrefix,
    toIntegrationEvent: options.toIntegrationEvent,
    ...(options.messageIdOf ? { messageIdOf: options.messageIdOf } : {}),
    logger,
    timeoutMs: options.publishTimeoutMs ?? 5_000,
  };
  const writer = new CheckpointWriter({
    pool,
    schema,
    name,
    everyEvents,
    everyMs,
    logger,
    store,
    beforeWrite: options.beforeCheckpointWrite,
  });
  const stopping = new AbortController();
  // Refuses to start on a checkpoint another event store wrote (ForeignCheckpointError says what to do).
  let published: Position | 'start' = await readCheckpoint(pool, schema, name, store);

  /** The store looked through the log up to `position` and found nothing more to publish. */
  const progressed = (position: Position): void => {
    if (comparePositions(position, published) <= 0) return;
    published = position;
    void writer.advance(position);
  };

  async function lead(signal: AbortSignal): Promise<void> {
    // Another leader may have moved on while this instance stood by.
    const stored = await readCheckpoint(pool, schema, name, store);
    if (comparePositions(stored, published) > 0) published = stored;
    await republishParked({ eventStore, pool, schema, consumer: name, publish, signal });
    logger.info({ relay: name, from: formatPosition(published) }, 'relay publishing');
    for (;;) {
      try {
        await publishFrom(signal);
        return;
      } catch (error) {
        if (!(error instanceof MalformedEventError)) throw error;
        await parkEvent(pool, schema, name, error);
        logger.error(
          { relay: name, eventId: error.event.id, stream: error.event.streamName, reason: error.reason },
          'relay parked an event it cannot read and moved past it; it republishes it after a fix and a restart',
        );
        published = error.event.position;
        await writer.advance(error.event.position);
      }
    }
  }

  async function publishFrom(signal: AbortSignal): Promise<void> {
    const events = eventStore.subscribe({
      from: published,
      categories: options.categories,
      signal,
      onProgress: progressed,
    });
    for await (const event of events) {
      if (!(await publishEvent(publish, event, signal))) return;
      published = event.position;
      await writer.advance(event.position);
    }
    if (!signal.aborted) throw new Error('the event subscription ended without being stopped');
  }

  const running = (async () => {
    for (let attempt = 0; !stopping.signal.aborted;) {
      const leadership = await acquireLeadership(pool, `${schema}:${name}`, stopping.signal, logger);
      if (!leadership) break;
      try {
        await lead(AbortSignal.any([stopping.signal, leadership.lost]));
        attempt = 0;
      } catch (error) {
        logger.error(
          { err: error, relay: name, position: formatPosition(published) },
          'relay loop failed; restarting',
        );
        await sleep(backoffDelay(attempt++, restartBackoff), stopping.signal);
      } finally {
        await writer.flush();
        await leadership.release();
      }
    }
    writer.close();
  })();

  return {
    stop: async () => {
      stopping.abort();
      await running;
    },
    position: () => published,
    categories: options.categories,
    progress: async () => {
      const stored = await readCheckpoint(pool, schema, name);
      return comparePositions(stored, published) > 0 ? stored : published;
    },
  };
}
