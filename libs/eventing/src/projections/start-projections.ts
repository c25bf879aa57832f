import type pg from 'pg';
import { comparePositions, type EventStore, type Position } from '../event-store.js';
import { ensureEventingTables, readCheckpoint, readCheckpoints } from '../checkpoints.js';
import type { EventingLogger } from '../logger.js';
import { restoreDeferredIndexes } from './deferred-indexes.js';
import type { Projection } from './projection.js';
import { runProjection } from './run-projection.js';

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
  const restored = await restoreDeferredIndexes(pool, schema);
  if (restored > 0) options.logger.warn({ restored }, 'built the indexes a broken-off rebuild had deferred');
  const store = await options.eventStore.storeId();

  const stopping = new AbortController();
  const applied = new Map<string, Position | 'start'>();
  // Refuses to start on a checkpoint another event store wrote (ForeignCheckpointError says to rebuild).
  for (const projection of projections) {
    applied.set(projection.name, await readCheckpoint(pool, schema, projection.name, store));
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
    runProjection({ ...options, projection, store, signal: stopping.signal, onApplied: setApplied }),
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
