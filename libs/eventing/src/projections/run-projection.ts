import { comparePositions, type Position } from '../event-store.js';
import { formatPosition, readCheckpoint } from '../checkpoints.js';
import { MalformedEventError } from '../malformed-event.js';
import { backoffDelay, retryUntilAborted, sleep } from '@app/retry';
import { subscribeEventByEvent } from '../paged-subscription.js';
import { EventPump } from './event-pump.js';
import {
  applyBatch,
  ProjectionEventError,
  skipMalformedEvent,
  type BatchOutcome,
  type PositionedBatch,
  type Projection,
  type ProjectionTarget,
} from './projection.js';
import type { ProjectionsOptions } from './start-projections.js';

/** Between resubscriptions and between tries of a failing batch: a store that comes back is used within 30 s. */
const retryBackoff = { baseMs: 200, maxMs: 30_000 };

export interface RunOptions extends ProjectionsOptions {
  projection: Projection;
  /** EventStore.storeId(), read once by the runner. */
  store: string;
  signal: AbortSignal;
  onApplied(name: string, position: Position | 'start'): void;
}

/**
 * One projection's loop: (re)subscribe from the stored checkpoint, apply batches, restart after failures with
 * backoff. A subscription that ends without being stopped is a failure too (the store went away). An event the
 * store cannot read is parked and passed, so it stops nobody.
 */
export async function runProjection(options: RunOptions): Promise<void> {
  const { eventStore, projection, signal, logger } = options;
  const target: ProjectionTarget = {
    pool: options.pool,
    schema: options.schema,
    projection,
    store: options.store,
  };
  const batchSize = options.batchSize ?? 500;
  for (let attempt = 0; !signal.aborted;) {
    const subscription = new AbortController();
    const subscribed = AbortSignal.any([signal, subscription.signal]);
    let pump: EventPump | undefined;
    let expected: Position | 'start' = 'start';
    try {
      expected = await readCheckpoint(options.pool, options.schema, projection.name, options.store);
      options.onApplied(projection.name, expected);
      const from = expected;
      pump = new EventPump(
        (onProgress) =>
          subscribeEventByEvent(eventStore, {
            from,
            categories: options.categories,
            signal: subscribed,
            batchSize,
            onProgress,
          }),
        batchSize * 4,
        subscribed,
      );
      for (;;) {
        const batch = await pump.take(batchSize);
        if (!batch) {
          if (subscribed.aborted) break;
          throw new Error('the event subscription ended without being stopped');
        }
        const outcome = await applyWithRetry(options, target, batch, expected);
        if (!outcome) break;
        if (outcome.kind === 'rewound') {
          logger.warn(
            { projection: projection.name, checkpoint: formatPosition(outcome.checkpoint) },
            'projection checkpoint moved back (rebuild?); resubscribing from it',
          );
          break;
        }
        expected = outcome.position;
        options.onApplied(projection.name, expected);
        attempt = 0;
      }
    } catch (error) {
      const passed =
        error instanceof MalformedEventError && (await passMalformed(options, target, error, expected));
      if (!passed) {
        logger.error(
          { err: error, projection: projection.name },
          'projection subscription failed; restarting',
        );
        await sleep(backoffDelay(attempt++, retryBackoff), signal);
      }
    } finally {
      subscription.abort();
      await pump?.finished;
    }
  }
}

/** Parks an unreadable event and moves the checkpoint past it; false when that could not be written. */
async function passMalformed(
  options: RunOptions,
  target: ProjectionTarget,
  error: MalformedEventError,
  expected: Position | 'start',
): Promise<boolean> {
  const { projection, logger } = options;
  const fields = {
    projection: projection.name,
    eventId: error.event.id,
    eventType: error.event.type,
    stream: error.event.streamName,
    revision: error.event.revision,
    reason: error.reason,
  };
  try {
    const outcome: BatchOutcome = await skipMalformedEvent(target, error, expected);
    if (outcome.kind === 'applied' && comparePositions(outcome.position, error.event.position) === 0) {
      if (projection.eventTypes.includes(error.event.type)) {
        logger.error(
          fields,
          'projection parked an event it cannot read and moved past it; rebuild it after a fix',
        );
      } else {
        logger.warn(fields, 'projection moved past an unreadable event of a type it does not handle');
      }
    }
    return true;
  } catch (parkError) {
    logger.error({ ...fields, err: parkError }, 'projection could not park an unreadable event; retrying');
    return false;
  }
}

/**
 * A failing batch is retried until it applies or the runner stops; never skipped. Retries go event by event so
 * the log names the event that fails, not just the batch.
 */
async function applyWithRetry(
  options: RunOptions,
  target: ProjectionTarget,
  batch: PositionedBatch,
  expected: Position | 'start',
): Promise<BatchOutcome | null> {
  const { projection, logger } = options;
  const { events } = batch;
  const outcome = await retryUntilAborted(
    (attempt) => applyBatch(target, batch, expected, { oneByOne: attempt > 0 }),
    {
      backoff: retryBackoff,
      signal: options.signal,
      onFailure: (error, attempt) => {
        const event = error instanceof ProjectionEventError ? error.event : undefined;
        logger.error(
          {
            err: error,
            cause: event ? (error as ProjectionEventError).cause : undefined,
            projection: projection.name,
            eventId: event?.id,
            eventType: event?.type,
            stream: event?.streamName,
            batch: { size: events.length, firstId: events[0]?.id, lastId: events.at(-1)?.id },
            attempt,
          },
          'projection failed to apply events; retrying',
        );
      },
    },
  );
  return outcome ?? null;
}
