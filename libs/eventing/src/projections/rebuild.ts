import type pg from 'pg';
import { comparePositions, type EventStore, type Position } from '../event-store.js';
import { ensureEventingTables, lockCheckpoint, resetCheckpoint } from '../checkpoints.js';
import { inTransaction } from '../postgres/transaction.js';
import { EventPump } from './event-pump.js';
import { applyBatch, type Projection } from './projection.js';

export interface RebuildOptions {
  eventStore: EventStore;
  pool: pg.Pool;
  schema: string;
  categories: readonly string[];
  projection: Projection;
  /** Called about once a second and at the end. */
  onProgress?: (progress: { events: number; eventsPerSecond: number }) => void;
  /** Events per transaction; default 1000. */
  batchSize?: number;
}

const progressEveryMs = 1_000;

/**
 * Empties the projection's tables and replays every event up to the current head (ARCHITECTURE.md "Read models
 * can be rebuilt"). Stop the service's live runner first for speed; if one is running it notices the reset
 * checkpoint and cooperates through the checkpoint lock, so the result is still right.
 */
export async function rebuildProjection(
  options: RebuildOptions,
): Promise<{ events: number; seconds: number }> {
  const { pool, schema, projection } = options;
  const batchSize = options.batchSize ?? 1_000;
  const started = performance.now();
  await ensureEventingTables(pool, schema);
  await resetProjection(pool, schema, projection);

  const head = await options.eventStore.headPosition(options.categories);
  let events = 0;
  let lastReport = started;
  const report = () => {
    const seconds = (performance.now() - started) / 1_000;
    options.onProgress?.({ events, eventsPerSecond: seconds > 0 ? Math.round(events / seconds) : 0 });
  };

  if (head !== 'start') {
    const controller = new AbortController();
    const source = options.eventStore.subscribe({
      from: 'start',
      categories: options.categories,
      signal: controller.signal,
      batchSize,
    });
    const pump = new EventPump(source, batchSize * 4, controller.signal);
    const handled = new Set(projection.eventTypes);
    let applied: Position | 'start' = 'start';
    try {
      while (comparePositions(applied, head) < 0) {
        const batch = await pump.take(batchSize);
        if (batch.length === 0)
          throw new Error('event subscription ended before the rebuild reached the head');
        const outcome = await applyBatch(pool, schema, projection, handled, batch, applied, false);
        if (outcome.kind === 'rewound')
          throw new Error(`projection ${projection.name} was reset during its rebuild`);
        applied = outcome.position;
        events += batch.length;
        if (performance.now() - lastReport >= progressEveryMs) {
          lastReport = performance.now();
          report();
        }
      }
    } finally {
      controller.abort();
      await pump.finished;
    }
  }
  report();
  return { events, seconds: (performance.now() - started) / 1_000 };
}

async function resetProjection(pool: pg.Pool, schema: string, projection: Projection): Promise<void> {
  await inTransaction(pool, async (tx) => {
    // Taken first so a live runner's batch in flight finishes before the tables are emptied under it.
    await lockCheckpoint(tx, schema, projection.name);
    await projection.reset(tx);
    await resetCheckpoint(tx, schema, projection.name);
  });
}
