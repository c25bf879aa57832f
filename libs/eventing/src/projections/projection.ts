import type pg from 'pg';
import { comparePositions, type Position, type RecordedEvent } from '../event-store.js';
import { lockCheckpoint, writeCheckpoint } from '../checkpoints.js';
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

/**
 * Applies a batch and records the checkpoint in one transaction. The checkpoint row is locked first and events
 * at or before it are skipped, so a redelivered or replayed event changes nothing and two instances of the same
 * projection never apply an event twice. `expected` is where this runner believes the checkpoint is; finding
 * it further back means the read model was reset under us.
 */
export async function applyBatch(
  pool: pg.Pool,
  schema: string,
  projection: Projection,
  handledTypes: ReadonlySet<string>,
  events: readonly RecordedEvent[],
  expected: Position | 'start',
  oneByOne: boolean,
): Promise<BatchOutcome> {
  const last = events.at(-1);
  if (!last) return { kind: 'applied', position: expected };
  return inTransaction(pool, async (tx): Promise<BatchOutcome> => {
    const checkpoint = await lockCheckpoint(tx, schema, projection.name);
    // Nothing is written in either case, so ending the transaction by COMMIT changes nothing.
    if (comparePositions(checkpoint, expected) < 0) return { kind: 'rewound', checkpoint };
    if (comparePositions(last.position, checkpoint) <= 0) return { kind: 'applied', position: checkpoint };
    const fresh = events.filter(
      (event) => handledTypes.has(event.type) && comparePositions(event.position, checkpoint) > 0,
    );
    if (fresh.length > 0) await applyEvents(projection, fresh, tx, oneByOne);
    await writeCheckpoint(tx, schema, projection.name, last.position);
    return { kind: 'applied', position: last.position };
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
