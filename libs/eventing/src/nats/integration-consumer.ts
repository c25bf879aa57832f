import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { ensureEventingTables } from '../checkpoints.js';
import { createLeases, type HeldLease } from '../leases.js';
import { backoffDelay, sleep } from '@app/retry';
import type { EventingLogger } from '../logger.js';
import { createBatchProcessor } from './batch-processor.js';
import { ensureDurableConsumer } from './consumer-setup.js';
import { runConsumerSession } from './consumer-session.js';
import { createMessageProcessor, type MessageHandler } from './message-processor.js';
import {
  defaultProcessedMessageRetentionMs,
  startProcessedMessagePruner,
} from './processed-message-pruning.js';

/** Between attempts to (re)open the consumer: a producer stream created later is found within 10 s. */
const reopenBackoff = { baseMs: 500, maxMs: 10_000 };

/**
 * A batch of 100 takes a catch-up from one commit and one JetStream round trip per message to one per hundred,
 * past which each message's own statements are nearly all the cost (bench figure 13). More would buy little and
 * keep each transaction open longer: every open transaction holds back the commit horizon of the event store's
 * readers on the same database (pg_snapshot_xmin), and the rows it wrote stay locked until it commits.
 */
export const defaultBatchSize = 100;
const largestBatchSize = 1_000;

/** What an instance that died leading a consumer holds it for; the leader renews it every third of that. */
const leadershipTtlMs = 10_000;
/** How often an instance that does not lead asks again. */
const standbyPollMs = 2_000;

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
  /** The most messages applied in one transaction (batch-processor.ts); default `defaultBatchSize`, 1 to 1,000. */
  batchSize?: number;
  /** How long processed-message ids are kept (processed-message-pruning.ts); default 7 days, at least 1. */
  processedMessageRetentionMs?: number;
  /** Between prunings of them; default an hour. */
  pruneEveryMs?: number;
};

export interface IntegrationConsumer {
  /** Stops fetching and resolves once the batch in hand has been committed and acked (or given back). */
  stop(): Promise<void>;
}

/**
 * Other services' integration events into this service's read models (ARCHITECTURE.md "Messaging"): a durable
 * pull consumer with explicit acks. Each message is validated, then recorded as processed and handled in one
 * transaction with the rest of its batch, then acked, so a redelivery (lost ack, second instance, replay) is a
 * no-op; the record is pruned after a retention without letting a duplicate through (message-ledger.ts). One
 * instance consumes at a time, holding a lease in the service's schema; the others stand by. Stop it before
 * draining the NATS connection.
 */
export async function startIntegrationConsumer(
  options: IntegrationConsumerOptions,
): Promise<IntegrationConsumer> {
  const { logger, durableName } = options;
  const maxDeliver = options.maxDeliver ?? 20;
  const ackWaitMs = options.ackWaitMs ?? 30_000;
  const batchSize = checkedBatchSize(options.batchSize ?? defaultBatchSize);
  await ensureEventingTables(options.pool, options.schema);
  const pruner = startProcessedMessagePruner({
    pool: options.pool,
    schema: options.schema,
    consumer: durableName,
    logger,
    retentionMs: options.processedMessageRetentionMs ?? defaultProcessedMessageRetentionMs,
    ...(options.pruneEveryMs === undefined ? {} : { everyMs: options.pruneEveryMs }),
  });
  const single = createMessageProcessor({ ...options, maxDeliver });
  const batches = createBatchProcessor({ ...options, maxDeliver }, single);
  const leases = createLeases({
    db: options.pool,
    schema: options.schema,
    ttlMs: leadershipTtlMs,
    waitMs: 0,
    busyMessage: `another instance consumes ${durableName}`,
  });
  const leadership = `integration-consumer:${options.stream}:${durableName}`;
  const stopping = new AbortController();

  const where = { consumer: durableName, stream: options.stream };
  let waitingForStream = false;
  let standingBy = false;
  let attempt = 0;

  /** Consumes for as long as this instance holds the lead; the lead ends when it cannot be renewed. */
  async function lead(lease: HeldLease): Promise<void> {
    standingBy = false;
    const session = new AbortController();
    const end = () => session.abort();
    stopping.signal.addEventListener('abort', end);
    const renewal = setInterval(() => {
      lease.confirm().catch((error: unknown) => {
        if (session.signal.aborted) return;
        logger.warn(
          { err: error, ...where },
          'lead of an integration consumer lost; giving its messages back',
        );
        session.abort();
      });
    }, leadershipTtlMs / 3);
    try {
      const consumer = await openConsumer(options, { maxDeliver, ackWaitMs, batchSize });
      if (waitingForStream) logger.info(where, 'producer stream created; consuming');
      waitingForStream = false;
      await runConsumerSession({
        consumer,
        durableName,
        batchSize,
        ackWaitMs,
        batches,
        returnUnstarted: single.returnUnstarted,
        logger,
        signal: session.signal,
        onDelivery: () => (attempt = 0),
      });
    } finally {
      clearInterval(renewal);
      stopping.signal.removeEventListener('abort', end);
    }
  }

  /** Leads when it may, until stopped; the producer's stream may not exist yet when this service starts first. */
  async function consumeUntilStopped(): Promise<void> {
    for (; !stopping.signal.aborted; attempt += 1) {
      try {
        if ((await leases.tryExclusively(leadership, lead)) === null) {
          if (!standingBy) logger.info(where, 'another instance consumes; standing by');
          standingBy = true;
          attempt = 0;
          await sleep(standbyPollMs, stopping.signal);
          continue;
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
      await Promise.all([loop, pruner.stop()]);
    },
  };
}

function checkedBatchSize(batchSize: number): number {
  if (Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= largestBatchSize) return batchSize;
  throw new Error(`batchSize must be a whole number from 1 to ${largestBatchSize}; got ${batchSize}`);
}

function isStreamMissing(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
}

async function openConsumer(
  options: IntegrationConsumerOptions,
  settings: { maxDeliver: number; ackWaitMs: number; batchSize: number },
) {
  await ensureDurableConsumer(await jetstreamManager(options.nats), {
    stream: options.stream,
    durableName: options.durableName,
    filterSubject: options.filterSubject,
    ackWaitMs: settings.ackWaitMs,
    maxDeliver: settings.maxDeliver,
    maxAckPending: settings.batchSize,
  });
  return jetstream(options.nats).consumers.get(options.stream, options.durableName);
}
