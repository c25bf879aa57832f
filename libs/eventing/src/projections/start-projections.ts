import type pg from 'pg';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../event-store.js';
import { ensureEventingTables, formatPosition, readCheckpoint, readCheckpoints } from '../checkpoints.js';
import { backoffMs, sleep, type EventingLogger } from '../relay/retry.js';
import { EventPump } from './event-pump.js';
import { applyBatch, ProjectionEventError, type BatchOutcome, type Projection } from './projection.js';

export interface ProjectionsOptions {
  eventStore: EventStore;
  pool: pg.Pool;
  schema: string;
  categories: readonly string[];
  projections: readonly Projection[];
  logger: EventingLogger;
  /** Most events applied in one transaction; default 500. */
  batchSize?: number;
}

export interface ProjectionRunner {
  /**
   * True once every projection has applied `position` (read-your-writes after an append), false after
   * `timeoutMs` or on stop.
   */
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
  /** The lowest position all projections have applied. */
  position(): Position | 'start';
  /** The categories the projections read; with checkpoints(), what lag.ts measures their lag from. */
  readonly categories: readonly string[];
  /**
   * Each projection's stored checkpoint: what its read model holds, whichever replica applied it (this runner's
   * own progress covers only what it applied itself).
   */
  checkpoints(): Promise<Array<{ name: string; position: Position | 'start' }>>;
}

interface Waiter {
  position: Position;
  settle(reached: boolean): void;
}

/** Runs each projection on its own subscription from its own checkpoint until stop(). */
export async function startProjections(options: ProjectionsOptions): Promise<ProjectionRunner> {
  const { pool, schema, projections } = options;
  const names = new Set(projections.map((projection) => projection.name));
  if (names.size !== projections.length) throw new Error('projection names must be unique');
  await ensureEventingTables(pool, schema);

  const stopping = new AbortController();
  const applied = new Map<string, Position | 'start'>();
  for (const projection of projections) {
    applied.set(projection.name, await readCheckpoint(pool, schema, projection.name));
  }
  const waiters = new Set<Waiter>();

  const lowest = (): Position | 'start' => {
    let min: Position | 'start' | undefined;
    for (const position of applied.values()) if (!min || comparePositions(position, min) < 0) min = position;
    return min ?? 'start';
  };
  const reached = (position: Position) =>
    projections.length === 0 || comparePositions(lowest(), position) >= 0;
  const setApplied = (name: string, position: Position | 'start') => {
    applied.set(name, position);
    for (const waiter of waiters) if (reached(waiter.position)) waiter.settle(true);
  };

  const running = projections.map((projection) =>
    runProjection({ ...options, projection, signal: stopping.signal, onApplied: setApplied }),
  );

  return {
    waitFor: (position, timeoutMs) => {
      if (reached(position)) return Promise.resolve(true);
      if (stopping.signal.aborted) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position,
          settle: (value) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(value);
          },
        };
        const timer = setTimeout(() => waiter.settle(false), timeoutMs);
        waiters.add(waiter);
      });
    },
    stop: async () => {
      stopping.abort();
      for (const waiter of waiters) waiter.settle(false);
      await Promise.all(running);
    },
    position: lowest,
    categories: options.categories,
    checkpoints: () => readCheckpoints(pool, schema, [...names]),
  };
}

interface RunOptions extends ProjectionsOptions {
  projection: Projection;
  signal: AbortSignal;
  onApplied(name: string, position: Position | 'start'): void;
}

/** One projection's loop: (re)subscribe from the stored checkpoint, apply batches, restart after failures. */
async function runProjection(options: RunOptions): Promise<void> {
  const { eventStore, projection, signal, logger } = options;
  const batchSize = options.batchSize ?? 500;
  for (let attempt = 0; !signal.aborted;) {
    const subscription = new AbortController();
    const subscribed = AbortSignal.any([signal, subscription.signal]);
    let pump: EventPump | undefined;
    try {
      let expected = await readCheckpoint(options.pool, options.schema, projection.name);
      options.onApplied(projection.name, expected);
      const source = eventStore.subscribe({
        from: expected,
        categories: options.categories,
        signal: subscribed,
        batchSize,
      });
      pump = new EventPump(source, batchSize * 4, subscribed);
      for (;;) {
        const batch = await pump.take(batchSize);
        if (batch.length === 0) break;
        const outcome = await applyWithRetry(options, batch, expected);
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
      logger.error({ err: error, projection: projection.name }, 'projection subscription failed; restarting');
      await sleep(backoffMs(attempt++, 200, 30_000), signal);
    } finally {
      subscription.abort();
      await pump?.finished;
    }
  }
}

/**
 * A failing batch is retried until it applies or the runner stops; never skipped. Retries go event by event so
 * the log names the event that fails, not just the batch.
 */
async function applyWithRetry(
  options: RunOptions,
  batch: readonly RecordedEvent[],
  expected: Position | 'start',
): Promise<BatchOutcome | null> {
  const { projection, logger } = options;
  const handled = new Set(projection.eventTypes);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await applyBatch(
        options.pool,
        options.schema,
        projection,
        handled,
        batch,
        expected,
        attempt > 0,
      );
    } catch (error) {
      const event = error instanceof ProjectionEventError ? error.event : undefined;
      logger.error(
        {
          err: error,
          cause: event ? (error as ProjectionEventError).cause : undefined,
          projection: projection.name,
          eventId: event?.id,
          eventType: event?.type,
          stream: event?.streamName,
          batch: { size: batch.length, firstId: batch[0]?.id, lastId: batch.at(-1)?.id },
          attempt,
        },
        'projection failed to apply events; retrying',
      );
    }
    await sleep(backoffMs(attempt, 200, 30_000), options.signal);
    if (options.signal.aborted) return null;
  }
}
