import type pg from 'pg';
import { comparePositions, type Position, type RecordedEvent } from '../event-store.js';
import { lockCheckpoint, writeCheckpoint } from '../checkpoints.js';
import type { MalformedEventError } from '../malformed-event.js';
import { parkEvent } from '../parked-events.js';
import { inTransaction } from '../postgres/transaction.js';

/** One read model (ARCHITECTURE.md "Read models and consistency"), kept by replaying events into Postgres. */
export interface Projection {
  /** Also its checkpoint name; includes a version (`catalog.products.v1`) bumped with a rebuild on logic change. */
  name: string;
  /** Event types it reads; others only advance its checkpoint. */
  eventTypes: readonly string[];
  apply(event: RecordedEvent, tx: pg.PoolClient): Promise<void>;
  /**
   * Optional fast path for catch-up and rebuilds: applies several events (in log order, all of handled types)
   * with fewer round trips, e.g. one multi-row upsert. Must leave the same rows as apply() on each in turn.
   */
  applyBatch?(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void>;
  /** Empties its tables, for a rebuild. */
  reset(tx: pg.PoolClient): Promise<void>;
  /**
   * Tables a rebuild may fill without their secondary indexes, built once it has replayed (deferred-indexes.ts).
   * Only for tables its writes, and their triggers, reach by primary key: a lookup by another index would scan.
   */
  rebuildTables?: readonly string[];
}

export type BatchOutcome =
  | { kind: 'applied'; position: Position | 'start' }
  /** The stored checkpoint is behind what this runner applied: someone reset it (a rebuild); resubscribe. */
  | { kind: 'rewound'; checkpoint: Position | 'start' };

/** The event that made a projection throw, so the log names it. */
export class ProjectionEventError extends Error {
  constructor(
    readonly event: RecordedEvent,
    options: { cause: unknown },
  ) {
    super(`projection failed on event ${event.id} (${event.type}) of ${event.streamName}`, options);
    this.name = 'ProjectionEventError';
  }
}

/** Where a batch goes: one projection, in one service's schema, reading one event store. */
export interface ProjectionTarget {
  pool: pg.Pool;
  schema: string;
  projection: Projection;
  /** The store whose positions the checkpoint holds (EventStore.storeId). */
  store: string;
}

/** Events to apply, and how far the checkpoint may move once they are: their last position, or further. */
export interface PositionedBatch {
  events: readonly RecordedEvent[];
  through: Position;
}

export interface BatchMode {
  /** Through apply() event by event, not applyBatch: a retry, to name the event that fails. */
  oneByOne?: boolean;
  /**
   * COMMIT without waiting for the WAL to reach the disk (Postgres's synchronous_commit = off), for a rebuild. A
   * crash of Postgres may then lose the last batches, but whole: their rows with their checkpoint, so the
   * projection resumes from where its rows are, and a rebuild's last transaction flushes them all.
   */
  asynchronousCommit?: boolean;
}

/**
 * Applies a batch and records the checkpoint in one transaction. The checkpoint row is locked first and events
 * at or before it are skipped, so a redelivered or replayed event changes nothing and two instances of the same
 * projection never apply an event twice. `expected` is where this runner believes the checkpoint is; finding
 * it further back means the read model was reset under us.
 */
export async function applyBatch(
  target: ProjectionTarget,
  batch: PositionedBatch,
  expected: Position | 'start',
  mode: BatchMode = {},
): Promise<BatchOutcome> {
  const { schema, projection, store } = target;
  const handled = new Set(projection.eventTypes);
  const transaction = { asynchronousCommit: mode.asynchronousCommit ?? false };
  return inTransaction(
    target.pool,
    async (tx): Promise<BatchOutcome> => {
      const checkpoint = await lockCheckpoint(tx, schema, projection.name, store);
      // Nothing is written in either case, so ending the transaction by COMMIT changes nothing.
      if (comparePositions(checkpoint, expected) < 0) return { kind: 'rewound', checkpoint };
      if (comparePositions(batch.through, checkpoint) <= 0) return { kind: 'applied', position: checkpoint };
      const fresh = batch.events.filter(
        (event) => handled.has(event.type) && comparePositions(event.position, checkpoint) > 0,
      );
      if (fresh.length > 0) await applyEvents(projection, fresh, tx, mode.oneByOne ?? false);
      await writeCheckpoint(tx, schema, projection.name, batch.through, store);
      return { kind: 'applied', position: batch.through };
    },
    transaction,
  );
}

/**
 * Moves a projection past an event the store could not read: parks it when the projection handles its type (an
 * event of another type would only have advanced the checkpoint) and puts the checkpoint at it, in one
 * transaction. Same outcomes as applyBatch, so the caller resubscribes from the returned position.
 */
export async function skipMalformedEvent(
  target: ProjectionTarget,
  error: MalformedEventError,
  expected: Position | 'start',
): Promise<BatchOutcome> {
  const { schema, projection, store } = target;
  const { position, type } = error.event;
  return inTransaction(target.pool, async (tx): Promise<BatchOutcome> => {
    const checkpoint = await lockCheckpoint(tx, schema, projection.name, store);
    if (comparePositions(checkpoint, expected) < 0) return { kind: 'rewound', checkpoint };
    if (comparePositions(position, checkpoint) <= 0) return { kind: 'applied', position: checkpoint };
    if (projection.eventTypes.includes(type)) await parkEvent(tx, schema, projection.name, error);
    await writeCheckpoint(tx, schema, projection.name, position, store);
    return { kind: 'applied', position };
  });
}

async function applyEvents(
  projection: Projection,
  events: readonly RecordedEvent[],
  tx: pg.PoolClient,
  oneByOne: boolean,
): Promise<void> {
  if (projection.applyBatch && !oneByOne) return projection.applyBatch(events, tx);
  for (const event of events) {
    try {
      await projection.apply(event, tx);
    } catch (error) {
      throw new ProjectionEventError(event, { cause: error });
    }
  }
}
