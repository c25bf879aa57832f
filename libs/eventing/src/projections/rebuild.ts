import type pg from 'pg';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../event-store.js';
import { ensureEventingTables, lockCheckpoint, resetCheckpoint } from '../checkpoints.js';
import { MalformedEventError } from '../malformed-event.js';
import { clearParkedEvents, listParkedEvents } from '../parked-events.js';
import { inTransaction } from '../postgres/transaction.js';
import { deferIndexes, restoreDeferredIndexes } from './deferred-indexes.js';
import { subscribeInPages } from '../paged-subscription.js';
import { EventPump } from './event-pump.js';
import {
  applyBatch,
  skipMalformedEvent,
  type PositionedBatch,
  type Projection,
  type ProjectionTarget,
} from './projection.js';

export interface RebuildOptions {
  eventStore: EventStore;
  pool: pg.Pool;
  schema: string;
  categories: readonly string[];
  projection: Projection;
  /** Called about once a second and at the end. */
  onProgress?: (progress: { events: number; eventsPerSecond: number }) => void;
  /** Events of the projection's types per transaction; default 1000. */
  batchSize?: number;
  /**
   * Events of the projection's types applied before its tables' secondary indexes are dropped for the rest of the
   * replay (deferred-indexes.ts); default 10,000. A smaller replay keeps them: maintaining them row by row costs
   * less than dropping them, building each again and waiting for the disk after both, which a table of a few
   * thousand rows spent most of its rebuild on.
   */
  deferIndexesAfter?: number;
}

export interface RebuildResult {
  /** Events of the categories replayed, every type: the rate is of these. */
  events: number;
  /** Of those, the events of the projection's types. */
  applied: number;
  /** Of `seconds`, those before the first batch was in hand: the reset, the head and the first reads. */
  startSeconds: number;
  /** Of `seconds`, those spent building the indexes deferred while the tables filled (deferred-indexes.ts). */
  indexSeconds: number;
  seconds: number;
  /** Events of the projection's types the store still cannot read: parked again, named in parked_events. */
  parked: number;
}

const progressEveryMs = 1_000;

/**
 * Empties the projection's tables and replays every event up to the current head (ARCHITECTURE.md "Read models
 * can be rebuilt"). Stop the service's live runner first for speed; if one is running it notices the reset
 * checkpoint and cooperates through the checkpoint lock, so the result is still right. This is also how parked
 * events are replayed after a fix: the reset forgets them and the replay reads them again, in order.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, schema, projection, eventStore } = options;
  const started = performance.now();
  await ensureEventingTables(pool, schema);
  const target: ProjectionTarget = { pool, schema, projection, store: await eventStore.storeId() };
  let replayed: Awaited<ReturnType<typeof replay>>;
  try {
    replayed = await replay(options, target, started);
  } catch (error) {
    // The read model gets its indexes back whatever stopped the replay (a live runner completes its rows). If
    // Postgres is what failed, they stay written down for the service's next start: the replay's error is the
    // one to report.
    await restoreDeferredIndexes(pool, schema, projection.name).catch(() => undefined);
    throw error;
  }
  const indexesFrom = performance.now();
  await restoreDeferredIndexes(pool, schema, projection.name);
  const ended = performance.now();
  return {
    ...replayed,
    seconds: (ended - started) / 1_000,
    indexSeconds: (ended - indexesFrom) / 1_000,
    parked: (await listParkedEvents(pool, schema, projection.name)).length,
  };
}

/** Resets the read model, then applies every event up to the head, in batches of the projection's own types. */
async function replay(
  options: RebuildOptions,
  target: ProjectionTarget,
  started: number,
): Promise<Pick<RebuildResult, 'events' | 'applied' | 'startSeconds'>> {
  const { projection, eventStore } = options;
  const batchSize = options.batchSize ?? 1_000;
  const deferIndexesAfter = options.deferIndexesAfter ?? 10_000;

  // The first pages are read while the read model is reset: the events do not depend on it, and the first batch
  // is applied only once the reset has committed.
  let reading: OpenPump | undefined = openPump(options, 'start', batchSize);
  let head: Position | 'start';
  try {
    await resetProjection(target);
    head = await eventStore.headPosition(options.categories);
  } catch (error) {
    await reading.close();
    throw error;
  }
  const handled = new Set(projection.eventTypes);
  let events = 0;
  let lastReport = started;
  const report = () => {
    const seconds = (performance.now() - started) / 1_000;
    options.onProgress?.({ events, eventsPerSecond: seconds > 0 ? Math.round(events / seconds) : 0 });
  };

  let applied: Position | 'start' = 'start';
  let appliedEvents = 0;
  let indexesDeferred = false;
  let firstBatchAt: number | undefined;
  while (comparePositions(applied, head) < 0) {
    reading ??= openPump(options, applied, batchSize);
    const { pump } = reading;
    try {
      while (comparePositions(applied, head) < 0) {
        const gathered = await takeHandled(pump, batchSize, handled, head);
        if (!gathered) throw new Error('event subscription ended before the rebuild reached the head');
        firstBatchAt ??= performance.now();
        const { batch, read } = gathered;
        if (!indexesDeferred && appliedEvents >= deferIndexesAfter) {
          await deferTableIndexes(target);
          indexesDeferred = true;
        }
        const outcome = await applyBatch(target, batch, applied, { asynchronousCommit: true });
        if (outcome.kind === 'rewound')
          throw new Error(`projection ${projection.name} was reset during its rebuild`);
        applied = outcome.position;
        events += read;
        appliedEvents += batch.events.length;
        if (performance.now() - lastReport >= progressEveryMs) {
          lastReport = performance.now();
          report();
        }
      }
    } catch (error) {
      if (!(error instanceof MalformedEventError)) throw error;
      // Parked (again) and passed; the next subscription starts right after it.
      const outcome = await skipMalformedEvent(target, error, applied);
      if (outcome.kind === 'rewound')
        throw new Error(`projection ${projection.name} was reset during its rebuild`);
      applied = outcome.position;
      events += 1;
    } finally {
      await reading.close();
      reading = undefined;
    }
  }
  await reading?.close();
  report();
  return {
    events,
    applied: appliedEvents,
    startSeconds: ((firstBatchAt ?? performance.now()) - started) / 1_000,
  };
}

interface OpenPump {
  pump: EventPump;
  /** Ends the subscription and waits until it has. */
  close(): Promise<void>;
}

/** A pump reading the categories from `from`, reading ahead up to four batches. */
function openPump(options: RebuildOptions, from: Position | 'start', batchSize: number): OpenPump {
  const controller = new AbortController();
  const pump = new EventPump(
    (onProgress) =>
      subscribeInPages(options.eventStore, {
        from,
        categories: options.categories,
        signal: controller.signal,
        batchSize,
        onProgress,
      }),
    batchSize * 4,
    controller.signal,
  );
  return {
    pump,
    async close() {
      controller.abort();
      await pump.finished;
    },
  };
}

/**
 * Up to `max` events the projection handles, and the position past every event looked through: a rebuild commits
 * per batch of work rather than per batch read, so a stretch of other types (another aggregate's events, in a
 * service of several) costs no transaction of its own. A subscription's failure ends the batch gathered so far;
 * the next call rethrows it, once that batch is applied.
 */
async function takeHandled(
  pump: EventPump,
  max: number,
  handled: ReadonlySet<string>,
  head: Position | 'start',
): Promise<{ batch: PositionedBatch; read: number } | null> {
  const events: RecordedEvent[] = [];
  let through: Position | undefined;
  let read = 0;
  while (events.length < max && (through === undefined || comparePositions(through, head) < 0)) {
    let batch: PositionedBatch | null;
    try {
      batch = await pump.take(max - events.length);
    } catch (error) {
      if (through === undefined) throw error;
      break;
    }
    if (!batch) break;
    read += batch.events.length;
    events.push(...batch.events.filter((event) => handled.has(event.type)));
    through = batch.through;
  }
  return through === undefined ? null : { batch: { events, through }, read };
}

/** Its own transaction: the batches before it were applied with the indexes in place. */
async function deferTableIndexes({ pool, schema, projection }: ProjectionTarget): Promise<void> {
  await inTransaction(pool, (tx) =>
    deferIndexes(tx, schema, projection.name, projection.rebuildTables ?? []),
  );
}

async function resetProjection({ pool, schema, projection }: ProjectionTarget): Promise<void> {
  // Committed asynchronously, as the batches are (BatchMode.asynchronousCommit): a crash that lost the reset loses
  // every batch after it too, and leaves the read model as it stood before the rebuild.
  await inTransaction(
    pool,
    async (tx) => {
      // Taken first so a live runner's batch in flight finishes before the tables are emptied under it. Whichever
      // store wrote the checkpoint: a rebuild is how a checkpoint of another store is replaced.
      await lockCheckpoint(tx, schema, projection.name);
      await projection.reset(tx);
      await resetCheckpoint(tx, schema, projection.name);
      await clearParkedEvents(tx, schema, projection.name);
    },
    { asynchronousCommit: true },
  );
}
