import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
} from '@nats-io/jetstream';
import { ensureEventingTables } from '../checkpoints.js';
import { backoffDelay, sleep } from '@app/retry';
import type { EventingLogger } from '../logger.js';
import { ensureDurableConsumer } from './consumer-setup.js';
import { createMessageProcessor, type MessageHandler } from './message-processor.js';
import {
  defaultProcessedMessageRetentionMs,
  startProcessedMessagePruner,
} from './processed-message-pruning.js';

/** Between attempts to (re)open the consumer: a producer stream created later is found within 10 s. */
const reopenBackoff = { baseMs: 500, maxMs: 10_000 };

export type IntegrationConsumerOptions = MessageHandler & {
  nats: NatsConnection;
  /** The producer's stream, e.g. `CATALOG`. */
  stream: string;
  /** Also the consumer's key in processed_messages: one per read model that consumes. */
  durableName: string;
  /** One subject filter (NATS 2.9), e.g. `catalog.product.>`. */
  filterSubject: string;
  /** The types it acts on, when the filter takes in more; others are acked unapplied (message-processor.ts). */
  eventTypes?: readonly string[];
  pool: pg.Pool;
  schema: string;
  logger: EventingLogger;
  /** Default 30 s. */
  ackWaitMs?: number;
  /** Default 20; with the redelivery backoff (1 s doubling to 60 s) that is about a quarter of an hour. */
  maxDeliver?: number;
  /** How long processed-message ids are kept (processed-message-pruning.ts); default 7 days, at least 1. */
  processedMessageRetentionMs?: number;
  /** Between prunings of them; default an hour. */
  pruneEveryMs?: number;
};

export interface IntegrationConsumer {
  /** Stops fetching and resolves once the message in hand has been committed and acked (or given back). */
  stop(): Promise<void>;
}

/**
 * Other services' integration events into this service's read models (ARCHITECTURE.md "Messaging"): a durable
 * pull consumer with explicit acks. Each message is validated, then recorded as processed and handled in one
 * transaction, then acked, so a redelivery (lost ack, second instance, replay) is a no-op; the record is pruned
 * after a retention without letting a duplicate through (message-ledger.ts). Stop it before draining the NATS
 * connection.
 */
export async function startIntegrationConsumer(
  options: IntegrationConsumerOptions,
): Promise<IntegrationConsumer> {
  const { logger, durableName } = options;
  const maxDeliver = options.maxDeliver ?? 20;
  await ensureEventingTables(options.pool, options.schema);
  const pruner = startProcessedMessagePruner({
    pool: options.pool,
    schema: options.schema,
    consumer: durableName,
    logger,
    retentionMs: options.processedMessageRetentionMs ?? defaultProcessedMessageRetentionMs,
    ...(options.pruneEveryMs === undefined ? {} : { everyMs: options.pruneEveryMs }),
  });
  const processor = createMessageProcessor({ ...options, maxDeliver });
  const stopping = new AbortController();
  let messages: ConsumerMessages | undefined;

  const where = { consumer: durableName, stream: options.stream };
  let waitingForStream = false;

  /** Fetches until stopped; the producer's stream may not exist yet when this service starts first. */
  async function consumeUntilStopped(): Promise<void> {
    for (let attempt = 0; !stopping.signal.aborted; attempt += 1) {
      try {
        messages = await openConsumer(options, maxDeliver);
        if (waitingForStream) logger.info(where, 'producer stream created; consuming');
        waitingForStream = false;
        if (stopping.signal.aborted) messages.stop();
        for await (const message of messages) {
          attempt = 0;
          // Messages fetched but not started are given back at once rather than waiting out ack_wait.
          if (stopping.signal.aborted) await processor.returnUnstarted(message);
          else await processor.process(message);
        }
      } catch (error) {
        if (isStreamMissing(error)) {
          // Normal until the producer first starts (npm start runs billing after identity): said once, no stack.
          if (!waitingForStream) logger.info(where, 'waiting for the producer to create its stream');
          waitingForStream = true;
        } else {
          // A NATS hiccup at start-up is retried quietly; only a lasting one is a warning.
          const log = attempt < 4 ? logger.info.bind(logger) : logger.warn.bind(logger);
          log({ err: error, ...where }, 'integration consumer not ready');
        }
      }
      if (options.nats.isClosed()) {
        if (!stopping.signal.aborted)
          logger.error({ consumer: durableName }, 'NATS connection closed; consumer ends');
        return;
      }
      await sleep(backoffDelay(attempt, reopenBackoff), stopping.signal);
    }
  }
  const loop = consumeUntilStopped();

  return {
    stop: async () => {
      stopping.abort();
      messages?.stop();
      await Promise.all([loop, pruner.stop()]);
    },
  };
}

function isStreamMissing(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
}

async function openConsumer(
  options: IntegrationConsumerOptions,
  maxDeliver: number,
): Promise<ConsumerMessages> {
  await ensureDurableConsumer(await jetstreamManager(options.nats), {
    stream: options.stream,
    durableName: options.durableName,
    filterSubject: options.filterSubject,
    ackWaitMs: options.ackWaitMs ?? 30_000,
    maxDeliver,
  });
  const consumer = await jetstream(options.nats).consumers.get(options.stream, options.durableName);
  return consumer.consume({ max_messages: 100 });
}
