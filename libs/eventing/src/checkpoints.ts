import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Position } from './event-store.js';
import { assertIdentifier } from './migrations.js';
import { ForeignCheckpointError } from './foreign-checkpoint.js';

/**
 * Checkpoints and processed-message ids live in the owning service's schema, next to its read models, so a
 * projection can write its rows and its position in one transaction (ARCHITECTURE.md "Messaging").
 * A NULL position means "from the start": a rebuild sets it back to NULL instead of deleting the row, so the row
 * that concurrent runners lock on always exists. `store` is the EventStore.storeId() whose log the position is
 * in; a reader refuses a position another store wrote (ForeignCheckpointError). Rows written before the column
 * existed have none and are taken as the current store's, then stamped on their next write.
 */

/** A pool or a client inside a transaction; every helper runs on whichever it is given. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

/** Schema names end up in SQL text, so only plain lower-case identifiers get through. */
export function quoted(schema: string): string {
  assertIdentifier(schema);
  return `"${schema}"`;
}

/**
 * Creates or brings up to date the eventing tables of `schema`. Every service start and every rebuild calls it, so
 * when the schema already holds this very DDL (its fingerprint in `eventing_tables`) it only reads: the DDL's
 * transaction took locks and a WAL flush at each call.
 */
export async function ensureEventingTables(db: pg.Pool, schema: string): Promise<void> {
  const target = quoted(schema);
  const statements = eventingTablesDdl(target);
  const fingerprint = createHash('sha256').update(statements.join(';\n')).digest('hex');
  if (await holdsEventingTables(db, schema, fingerprint)) return;
  const client = await db.connect();
  const lockKey = `eventing-tables:${schema}`;
  let broken: Error | undefined;
  try {
    // Two processes creating the same schema at once collide on pg_namespace even with IF NOT EXISTS, hence the
    // lock. It is taken before BEGIN, not inside the transaction: a transaction takes in the catalog changes
    // committed before it starts, not those committed while it waited on a lock, and this connection may have
    // cached the schema as absent when it looked for it above.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    try {
      await client.query('BEGIN');
      if (!(await holdsEventingTables(client, schema, fingerprint))) {
        for (const statement of statements) await client.query(statement);
        await client.query(`DELETE FROM ${target}.eventing_tables`);
        await client.query(`INSERT INTO ${target}.eventing_tables (fingerprint) VALUES ($1)`, [fingerprint]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = asError(rollbackError);
      });
      throw error;
    } finally {
      // A connection that cannot unlock is destroyed, which ends its session and so its lock.
      await client
        .query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey])
        .catch((unlockError: unknown) => {
          broken ??= asError(unlockError);
        });
    }
  } finally {
    client.release(broken);
  }
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

async function holdsEventingTables(db: Queryable, schema: string, fingerprint: string): Promise<boolean> {
  const { rows } = await db.query<{ present: string | null }>('SELECT to_regclass($1)::text AS present', [
    `${quoted(schema)}.eventing_tables`,
  ]);
  if (!rows[0]?.present) return false;
  const { rows: stored } = await db.query<{ fingerprint: string }>(
    `SELECT fingerprint FROM ${quoted(schema)}.eventing_tables`,
  );
  return stored.length === 1 && stored[0]?.fingerprint === fingerprint;
}

/** The eventing tables' DDL, each statement idempotent, so an older schema is brought up to date by running it. */
function eventingTablesDdl(target: string): string[] {
  return [
    `CREATE SCHEMA IF NOT EXISTS ${target}`,
    `CREATE TABLE IF NOT EXISTS ${target}.checkpoints (
      name text PRIMARY KEY,
      commit bigint,
      prepare bigint,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // Added after the table: services run this at every start, so existing databases get the column too.
    `ALTER TABLE ${target}.checkpoints ADD COLUMN IF NOT EXISTS store text`,
    `CREATE TABLE IF NOT EXISTS ${target}.processed_messages (
      consumer text NOT NULL,
      message_id text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, message_id)
    )`,
    // What lets processed_messages be pruned without a duplicate getting through (nats/message-ledger.ts). Rows
    // from before have no sequence: the pruning index leaves them out, and they are kept.
    `ALTER TABLE ${target}.processed_messages
      ADD COLUMN IF NOT EXISTS stream_seq bigint,
      ADD COLUMN IF NOT EXISTS stored_nanos bigint`,
    `CREATE INDEX IF NOT EXISTS processed_messages_prunable
      ON ${target}.processed_messages (consumer, processed_at) WHERE stream_seq IS NOT NULL`,
    `CREATE TABLE IF NOT EXISTS ${target}.consumer_progress (
      consumer text PRIMARY KEY,
      since_seq bigint NOT NULL,
      high_seq bigint NOT NULL,
      high_nanos bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE IF NOT EXISTS ${target}.abandoned_messages (
      consumer text NOT NULL,
      stream_seq bigint NOT NULL,
      stored_nanos bigint NOT NULL,
      message_id text,
      reason text NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, stream_seq, stored_nanos)
    )`,
    `CREATE TABLE IF NOT EXISTS ${target}.leases (
      name text PRIMARY KEY,
      holder uuid NOT NULL,
      expires_at timestamptz NOT NULL
    )`,
    // Events a reader could not read and moved past (parked-events.ts), per reader.
    `CREATE TABLE IF NOT EXISTS ${target}.parked_events (
      consumer text NOT NULL,
      event_id text NOT NULL,
      event_type text NOT NULL,
      stream_name text NOT NULL,
      stream_revision bigint NOT NULL,
      commit bigint NOT NULL,
      prepare bigint NOT NULL,
      reason text NOT NULL,
      parked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`,
    // Indexes a rebuild dropped to load its tables faster, until it builds them again (deferred-indexes.ts).
    `CREATE TABLE IF NOT EXISTS ${target}.deferred_indexes (
      projection text NOT NULL,
      name text NOT NULL,
      definition text NOT NULL,
      deferred_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (projection, name)
    )`,
    `CREATE TABLE IF NOT EXISTS ${target}.eventing_tables (fingerprint text PRIMARY KEY)`,
  ];
}

interface CheckpointRow {
  commit: string | null;
  prepare: string | null;
  store?: string | null;
}

function toPosition(row: CheckpointRow | undefined): Position | 'start' {
  if (!row || row.commit === null || row.prepare === null) return 'start';
  return { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
}

/** The row's position, refused when another store wrote it; `start` has no store to disagree with. */
function ownPosition(name: string, row: CheckpointRow | undefined, store: string): Position | 'start' {
  const position = toPosition(row);
  const writtenBy = row?.store;
  if (position !== 'start' && writtenBy && writtenBy !== store) {
    throw new ForeignCheckpointError(name, writtenBy, store);
  }
  return position;
}

/** With `store`, refuses a checkpoint another store wrote; without, reads whatever is there (lag, tests). */
export async function readCheckpoint(
  db: Queryable,
  schema: string,
  name: string,
  store?: string,
): Promise<Position | 'start'> {
  const result = await db.query<CheckpointRow>(
    `SELECT commit, prepare, store FROM ${quoted(schema)}.checkpoints WHERE name = $1`,
    [name],
  );
  return store === undefined ? toPosition(result.rows[0]) : ownPosition(name, result.rows[0], store);
}

/** Several checkpoints in one round trip, in the order named; `start` for one never written. */
export async function readCheckpoints(
  db: Queryable,
  schema: string,
  names: readonly string[],
): Promise<Array<{ name: string; position: Position | 'start' }>> {
  const result = await db.query<CheckpointRow & { name: string }>(
    `SELECT name, commit, prepare FROM ${quoted(schema)}.checkpoints WHERE name = ANY($1::text[])`,
    [names],
  );
  const stored = new Map(result.rows.map((row) => [row.name, toPosition(row)]));
  return names.map((name) => ({ name, position: stored.get(name) ?? 'start' }));
}

/**
 * Reads the checkpoint and locks its row until the transaction ends, creating the row if needed, in one round
 * trip: a no-op ON CONFLICT DO UPDATE takes the row lock and returns the latest committed values, so two
 * instances of a projection serialise here and the second sees what the first wrote. With `store`, refuses a
 * checkpoint another store wrote, like readCheckpoint.
 */
export async function lockCheckpoint(
  tx: Queryable,
  schema: string,
  name: string,
  store?: string,
): Promise<Position | 'start'> {
  const result = await tx.query<CheckpointRow>(
    `INSERT INTO ${quoted(schema)}.checkpoints AS c (name) VALUES ($1)
     ON CONFLICT (name) DO UPDATE SET name = c.name
     RETURNING commit, prepare, store`,
    [name],
  );
  return store === undefined ? toPosition(result.rows[0]) : ownPosition(name, result.rows[0], store);
}

/**
 * Moves the checkpoint forward only: a stale writer (a second relay, a late flush) never moves it back. Records
 * the store whose log `position` is in; callers have read the row with that store first.
 */
export async function writeCheckpoint(
  db: Queryable,
  schema: string,
  name: string,
  position: Position,
  store: string,
): Promise<void> {
  await db.query(
    `INSERT INTO ${quoted(schema)}.checkpoints AS c (name, commit, prepare, store, updated_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (name) DO UPDATE
       SET commit = excluded.commit, prepare = excluded.prepare, store = excluded.store, updated_at = now()
     WHERE c.commit IS NULL OR (c.commit, c.prepare) < (excluded.commit, excluded.prepare)`,
    [name, position.commit.toString(), position.prepare.toString(), store],
  );
}

/** Back to the start, for a rebuild: no position, so no store either. */
export async function resetCheckpoint(db: Queryable, schema: string, name: string): Promise<void> {
  await db.query(
    `INSERT INTO ${quoted(schema)}.checkpoints AS c (name) VALUES ($1)
     ON CONFLICT (name) DO UPDATE SET commit = NULL, prepare = NULL, store = NULL, updated_at = now()`,
    [name],
  );
}

/** For logs: bigint does not survive JSON.stringify. */
export function formatPosition(position: Position | 'start'): string {
  return position === 'start' ? 'start' : `${position.commit}/${position.prepare}`;
}
