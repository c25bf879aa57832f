import { ConcurrencyError } from '@app/domain';
import type pg from 'pg';
import { assertAppendable } from '../append-rules.js';
import { categoryOf, type AppendResult, type ExpectedRevision, type NewEvent } from '../event-store.js';

/** Anything that runs a query: a pool (one implicit transaction per append) or a client inside a transaction. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

interface AppendRow {
  r_conflict: boolean;
  r_revision: string | null;
  r_global_position: string | null;
  r_transaction_id: string | null;
}

/**
 * Appends through `<schema>.append_events` (schema.ts): check-and-set of the stream's revision, the multi-row
 * insert and the NOTIFY in one statement, so one round trip. On a pool it is its own transaction; on a client
 * inside BEGIN it joins the caller's transaction (the commit-order test holds one open this way).
 *
 * A duplicate event id (a retried append whose first attempt committed) inserts nothing and throws
 * ConcurrencyError with the stream's current revision: the command handler then re-reads and re-decides,
 * which is the right response to "this already happened".
 */
export async function appendInTransaction(
  db: Queryable,
  schema: string,
  stream: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  assertAppendable(stream, events, expectedRevision);
  const payload = events.map((event) => ({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  }));
  let row: AppendRow | undefined;
  try {
    const result = await db.query<AppendRow>(
      `SELECT r_conflict, r_revision, r_global_position, r_transaction_id::text
       FROM ${schema}.append_events($1, $2, $3, $4)`,
      [stream, categoryOf(stream), String(expectedRevision), JSON.stringify(payload)],
    );
    row = result.rows[0];
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const actual = await currentRevision(db, schema, stream);
    if (actual === undefined) {
      throw new Error(`An event id appended to ${stream} is already stored`, { cause: error });
    }
    throw new ConcurrencyError(stream, expectedRevision, actual);
  }
  if (!row) throw new Error(`append_events returned no row for stream ${stream}`);
  if (row.r_conflict) {
    const actual = row.r_revision === null ? 'no_stream' : Number(row.r_revision);
    throw new ConcurrencyError(stream, expectedRevision, actual);
  }
  if (row.r_revision === null || row.r_global_position === null || row.r_transaction_id === null) {
    throw new Error(`append_events returned an incomplete result for stream ${stream}`);
  }
  return {
    nextRevision: Number(row.r_revision),
    position: { commit: BigInt(row.r_transaction_id), prepare: BigInt(row.r_global_position) },
  };
}

async function currentRevision(
  db: Queryable,
  schema: string,
  stream: string,
): Promise<number | 'no_stream' | undefined> {
  // Inside a caller-held transaction the failed insert aborted the transaction and this query cannot run.
  try {
    const { rows } = await db.query<{ revision: string }>(
      `SELECT revision FROM ${schema}.streams WHERE stream_name = $1`,
      [stream],
    );
    return rows[0] ? Number(rows[0].revision) : 'no_stream';
  } catch {
    return undefined;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
