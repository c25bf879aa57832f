/**
 * The loader's write path: many new streams per statement through the event store's own append function
 * (`<schema>.append_events`, libs/eventing/src/postgres/schema.ts), the one every command's append runs: the
 * same revision check, rows, transaction ids and NOTIFY, so the services' projections and relays read these
 * events exactly as they read their own. Only the round trips are fewer: one per few hundred streams instead of
 * one per stream. Each statement is its own short transaction, since an open one would hold back every
 * subscriber on the server (postgres/README.md "Caveat").
 */
import type pg from 'pg';
import { categoryOf } from '@app/eventing';
import type { StreamAppend } from './events/stored-stream.js';

export interface AppendTotals {
  streams: number;
  events: number;
  ms: number;
}

export interface BulkAppendOptions {
  /** Each takes a transaction-scoped advisory lock per stream: a few hundred stay well inside the lock table. */
  streamsPerStatement: number;
  /** Statements in flight at once. */
  concurrency: number;
}

/** Appends every stream `appends` yields, each as a new stream (`no_stream`); fails on any that exists. */
export async function appendStreams(
  pool: pg.Pool,
  schema: string,
  appends: Iterable<StreamAppend>,
  options: BulkAppendOptions,
): Promise<AppendTotals> {
  const started = performance.now();
  const totals = { streams: 0, events: 0 };
  const iterator = appends[Symbol.iterator]();
  const nextChunk = (): StreamAppend[] => {
    const chunk: StreamAppend[] = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      chunk.push(next.value);
      if (chunk.length === options.streamsPerStatement) break;
    }
    return chunk;
  };
  const worker = async () => {
    for (let chunk = nextChunk(); chunk.length > 0; chunk = nextChunk()) {
      await appendChunk(pool, schema, chunk);
      totals.streams += chunk.length;
      totals.events += chunk.reduce((sum, append) => sum + append.events.length, 0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { ...totals, ms: performance.now() - started };
}

async function appendChunk(pool: pg.Pool, schema: string, chunk: readonly StreamAppend[]): Promise<void> {
  const { rows } = await pool.query<{ conflicts: number }>(
    `SELECT count(*) FILTER (WHERE appended.r_conflict)::int AS conflicts
     FROM unnest($1::text[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS s(stream, category, events, n)
     CROSS JOIN LATERAL ${schema}.append_events(s.stream, s.category, 'no_stream', s.events) AS appended`,
    [
      chunk.map((append) => append.stream),
      chunk.map((append) => categoryOf(append.stream)),
      chunk.map((append) => JSON.stringify(append.events)),
    ],
  );
  const conflicts = rows[0]?.conflicts ?? 0;
  if (conflicts > 0) throw new Error(`${conflicts} of ${chunk.length} streams already existed`);
}
