import { quoted, type Queryable } from './checkpoints.js';
import type { Position } from './event-store.js';
import type { MalformedEventError } from './malformed-event.js';

/**
 * The dead letters of the event readers (a projection, a relay): a stored event one of them could not read,
 * with the reason, parked so the reader moves past it instead of failing on it at every restart. A parked event
 * is replayed after a fix: a projection's by rebuilding it (rebuild clears its parked events and reads them again
 * in order), the relay's each time a relay takes the lead (docs/operations.md, "Parked events").
 */
export interface ParkedEvent {
  consumer: string;
  eventId: string;
  eventType: string;
  streamName: string;
  revision: number;
  position: Position;
  reason: string;
  parkedAt: Date;
}

/** Idempotent: a second reader parking the same event for the same consumer changes nothing. */
export async function parkEvent(
  db: Queryable,
  schema: string,
  consumer: string,
  error: MalformedEventError,
): Promise<void> {
  const { event } = error;
  await db.query(
    `INSERT INTO ${quoted(schema)}.parked_events
       (consumer, event_id, event_type, stream_name, stream_revision, commit, prepare, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING`,
    [
      consumer,
      event.id,
      event.type,
      event.streamName,
      event.revision,
      event.position.commit.toString(),
      event.position.prepare.toString(),
      error.reason,
    ],
  );
}

interface ParkedRow {
  consumer: string;
  event_id: string;
  event_type: string;
  stream_name: string;
  stream_revision: string;
  commit: string;
  prepare: string;
  reason: string;
  parked_at: Date;
}

/** In log order; every consumer's when none is named. */
export async function listParkedEvents(
  db: Queryable,
  schema: string,
  consumer?: string,
): Promise<ParkedEvent[]> {
  const { rows } = await db.query<ParkedRow>(
    `SELECT * FROM ${quoted(schema)}.parked_events
     WHERE $1::text IS NULL OR consumer = $1
     ORDER BY commit, prepare, consumer`,
    [consumer ?? null],
  );
  return rows.map((row) => ({
    consumer: row.consumer,
    eventId: row.event_id,
    eventType: row.event_type,
    streamName: row.stream_name,
    revision: Number(row.stream_revision),
    position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
    reason: row.reason,
    parkedAt: row.parked_at,
  }));
}

/** Forgets one consumer's parked events (a rebuild reads them again); how many there were. */
export async function clearParkedEvents(db: Queryable, schema: string, consumer: string): Promise<number> {
  const result = await db.query(`DELETE FROM ${quoted(schema)}.parked_events WHERE consumer = $1`, [
    consumer,
  ]);
  return result.rowCount ?? 0;
}

/** Forgets one parked event, once it has been replayed. */
export async function unparkEvent(
  db: Queryable,
  schema: string,
  consumer: string,
  eventId: string,
): Promise<void> {
  await db.query(`DELETE FROM ${quoted(schema)}.parked_events WHERE consumer = $1 AND event_id = $2`, [
    consumer,
    eventId,
  ]);
}
