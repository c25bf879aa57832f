import type pg from 'pg';
import { sleep } from '@app/retry';
import { quoted } from '../checkpoints.js';
import { createLeases } from '../leases.js';
import type { EventingLogger } from '../logger.js';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * How long a processed message's id is kept once its sequence covers it (message-ledger.ts). Ids are what
 * recognise a copy of an event under a new sequence (the relay republishing after a crash, once the stream's
 * 2-minute duplicate window has passed), so the retention must outlast any relay outage worth surviving: days,
 * never minutes.
 */
export const defaultProcessedMessageRetentionMs = 7 * dayMs;
export const minProcessedMessageRetentionMs = dayMs;
const maxProcessedMessageRetentionMs = 3_650 * dayMs;

/** Refuses a retention too short to outlast the windows above (or not a whole number of milliseconds). */
export function checkedRetentionMs(retentionMs: number): number {
  if (
    !Number.isInteger(retentionMs) ||
    retentionMs < minProcessedMessageRetentionMs ||
    retentionMs > maxProcessedMessageRetentionMs
  ) {
    throw new Error(
      `processed-message retention must be 1 to 3650 days in whole milliseconds, not ${retentionMs} ms`,
    );
  }
  return retentionMs;
}

export interface PruneOptions {
  retentionMs: number;
  /** Rows per DELETE: each statement is short, so it never holds the table's rows locked for long. */
  batchSize?: number;
  /** Statements per run at most; a larger backlog is left for the next run, so one run stays bounded. */
  maxBatches?: number;
  /** Called before each statement; throws to stop (the lease was lost). */
  beforeBatch?: () => Promise<void>;
}

/**
 * Deletes `consumer`'s processed-message rows that are older than the retention and covered by its progress, in
 * batches; answers how many. Rows from before sequences were recorded, and rows of messages progress does not
 * cover (another stream's), are kept: for those the id is the only proof of a duplicate.
 */
export async function pruneProcessedMessages(
  db: pg.Pool,
  schema: string,
  consumer: string,
  options: PruneOptions,
): Promise<number> {
  const target = quoted(schema);
  const retentionMs = checkedRetentionMs(options.retentionMs);
  const batchSize = options.batchSize ?? 5_000;
  const maxBatches = options.maxBatches ?? 100;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    await options.beforeBatch?.();
    const result = await db.query(
      `DELETE FROM ${target}.processed_messages m
       WHERE m.consumer = $1 AND m.message_id IN (
         SELECT r.message_id FROM ${target}.processed_messages r
         JOIN ${target}.consumer_progress p ON p.consumer = r.consumer
         WHERE r.consumer = $1 AND r.stream_seq IS NOT NULL
           AND r.processed_at < now() - $2 * interval '1 millisecond'
           AND r.stream_seq BETWEEN p.since_seq AND p.high_seq AND r.stored_nanos <= p.high_nanos
         LIMIT $3)`,
      [consumer, retentionMs, batchSize],
    );
    deleted += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < batchSize) break;
  }
  return deleted;
}

export interface PrunerOptions {
  pool: pg.Pool;
  schema: string;
  consumer: string;
  logger: EventingLogger;
  retentionMs: number;
  /** Between runs; default an hour. The first run comes at a random point of the first interval. */
  everyMs?: number;
}

/**
 * Prunes `consumer`'s processed messages periodically until stopped. One replica prunes at a time (a lease in
 * the service's schema); the others skip that run. A failed run is logged and retried at the next.
 */
export function startProcessedMessagePruner(options: PrunerOptions): { stop(): Promise<void> } {
  const { pool, schema, consumer, logger } = options;
  const retentionMs = checkedRetentionMs(options.retentionMs);
  const everyMs = options.everyMs ?? 60 * 60 * 1000;
  const leases = createLeases({
    db: pool,
    schema,
    ttlMs: 60_000,
    waitMs: 0,
    busyMessage: `another replica prunes ${consumer}'s processed messages`,
  });
  const stopping = new AbortController();

  async function run(): Promise<void> {
    const deleted = await leases.tryExclusively(`prune-processed-messages:${consumer}`, (lease) =>
      pruneProcessedMessages(pool, schema, consumer, {
        retentionMs,
        beforeBatch: async () => {
          if (stopping.signal.aborted) throw new Error('pruning stopped');
          await lease.confirm();
        },
      }),
    );
    if (deleted) logger.info({ consumer, deleted }, 'pruned processed messages');
  }

  const loop = (async () => {
    let wait = Math.floor(Math.random() * everyMs);
    while (!stopping.signal.aborted) {
      await sleep(wait, stopping.signal);
      wait = everyMs;
      if (stopping.signal.aborted) return;
      await run().catch((error: unknown) => {
        if (!stopping.signal.aborted)
          logger.warn({ err: error, consumer }, 'pruning processed messages failed');
      });
    }
  })();

  return {
    stop: async () => {
      stopping.abort();
      await loop;
    },
  };
}
