import type { JsMsg } from '@nats-io/jetstream';
import { quoted, type Queryable } from '../checkpoints.js';

/**
 * What a consumer has done with the messages of its stream, so that none is applied twice although
 * processed_messages is pruned (processed-message-pruning.ts). Some reactions count (tenancy's totalSpent adds
 * each paid invoice), so a duplicate is a wrong sum, not a harmless overwrite.
 *
 * How the same message can come again, and what recognises it:
 * - JetStream redelivers a message it has no ack for: after ack_wait (30 s), after a nak, after a crash between
 *   commit and ack, even days later when the service was down. Same stream sequence.
 * - A durable consumer deleted and created again (the replay runbook) delivers the stream from its first message:
 *   streams keep everything (max_age 0; nothing sets maxAgeMs). Same sequences.
 * - The relay republishes what it published but had not checkpointed when it died. Nats-Msg-Id drops the copy
 *   only within the stream's duplicate_window (2 minutes); later, the same event id is stored again under a new
 *   sequence. So are the events an operator republishes by moving a relay's checkpoint back.
 *
 * So each consumer keeps, besides the id of each message it processed (with the message's sequence and the time
 * the stream stored it), its progress: `high_seq`, the highest sequence it has finished (applied, or found to be
 * a duplicate), and `since_seq`, the first one it finished after this ledger existed. A message is *covered* when
 * its sequence lies in [since_seq, high_seq] and the stream stored it no later than the high_seq message, unless
 * it is recorded as abandoned. A covered message is done, with or without its row:
 * - a consumer finishes messages only once every earlier message of its filter is finished or abandoned
 *   (consumer-session.ts applies a batch only while it holds every message JetStream has out, in stream order, and
 *   a message given back holds back all after it), so every message of the filter below high_seq was finished,
 *   except those abandoned;
 * - abandoned messages are the ones JetStream will not deliver again by itself: terminated after their last
 *   allowed delivery, invalid, or on their last delivery when the process died or stopped (recorded before that
 *   delivery is tried, and forgotten when it succeeds). A replay after a fix must apply them, so they are never
 *   covered;
 * - "stored no later than" keeps sequences of another stream out: a stream deleted and created again, or
 *   restored from an older backup, numbers new messages with sequences already seen, but stores them later;
 * - below since_seq lie messages processed before sequences were recorded (their rows have none) and messages
 *   terminated back then, which a replay must still apply: there, only ids decide, as before;
 * - progress moves in the transaction of the effect, so it never claims an effect that rolled back, and a
 *   Postgres restore takes it back together with the read models (the restore runbook replays what follows).
 * A durable name consumes one stream; its progress is keyed by that name.
 * Pruning deletes a row only when its message is covered and older than the retention. A covered message is
 * skipped by its sequence; any other by its id. What stays uncaught is a copy of an event under a new sequence
 * more than the retention (7 days by default) after the original was processed: a relay down that long right
 * after publishing, or a relay checkpoint moved back further than that (docs/operations.md says not to).
 */
export interface MessagePosition {
  /** The stream sequence. */
  seq: number;
  /** When the stream stored the message, in nanoseconds since the epoch, exactly as JetStream gives it. */
  storedNanos: bigint;
}

export function positionOf(message: JsMsg): MessagePosition {
  return { seq: message.seq, storedNanos: message.timestampNanos };
}

/** A message as the ledger knows it: its envelope id and where the stream holds it. */
export interface LedgerEntry {
  messageId: string;
  position: MessagePosition;
}

/**
 * SQL true when the message at `seq`/`nanos` (SQL expressions) is covered for consumer $1 (see above). Shared by
 * every statement below, which pass the consumer as $1 and the messages as arrays.
 */
function coveredSql(schema: string, seq: string, nanos: string): string {
  return `EXISTS (
    SELECT 1 FROM ${schema}.consumer_progress p
    WHERE p.consumer = $1 AND ${seq} BETWEEN p.since_seq AND p.high_seq AND ${nanos} <= p.high_nanos
      AND NOT EXISTS (
        SELECT 1 FROM ${schema}.abandoned_messages a
        WHERE a.consumer = $1 AND a.stream_seq = ${seq} AND a.stored_nanos = ${nanos}))`;
}

/** The entries as the three arrays $2 (ids), $3 (sequences) and $4 (stored nanos) of a statement. */
function entryArrays(entries: readonly LedgerEntry[]): [string[], number[], string[]] {
  return [
    entries.map((entry) => entry.messageId),
    entries.map((entry) => entry.position.seq),
    entries.map((entry) => entry.position.storedNanos.toString()),
  ];
}

const entriesSql = `unnest($2::text[], $3::bigint[], $4::bigint[]) WITH ORDINALITY AS m(id, seq, nanos, ord)`;

/**
 * Records that `consumer` is applying the messages, in the transaction that applies them; answers the sequences
 * of those it claimed. One it does not answer was done already (covered, or its id recorded, also by a copy
 * earlier in `entries`), so the caller skips it. A concurrent duplicate waits on the id's key and then sees the
 * first one's row. Follow with finishMessages in the same transaction.
 */
export async function claimMessages(
  tx: Queryable,
  schema: string,
  consumer: string,
  entries: readonly LedgerEntry[],
): Promise<Set<number>> {
  const target = quoted(schema);
  // In the entries' order, so that of two copies of an id the first is the one claimed.
  const result = await tx.query<{ stream_seq: string }>(
    `INSERT INTO ${target}.processed_messages (consumer, message_id, stream_seq, stored_nanos)
     SELECT $1, m.id, m.seq, m.nanos FROM ${entriesSql}
     WHERE NOT ${coveredSql(target, 'm.seq', 'm.nanos')}
     ORDER BY m.ord
     ON CONFLICT DO NOTHING
     RETURNING stream_seq`,
    [consumer, ...entryArrays(entries)],
  );
  return new Set(result.rows.map((row) => Number(row.stream_seq)));
}

/** The sequences of the messages that were done already, for reactions, which run before anything is recorded. */
export async function doneMessages(
  db: Queryable,
  schema: string,
  consumer: string,
  entries: readonly LedgerEntry[],
): Promise<Set<number>> {
  const target = quoted(schema);
  const result = await db.query<{ seq: string }>(
    `SELECT m.seq FROM ${entriesSql}
     WHERE ${coveredSql(target, 'm.seq', 'm.nanos')}
       OR EXISTS (SELECT 1 FROM ${target}.processed_messages WHERE consumer = $1 AND message_id = m.id)`,
    [consumer, ...entryArrays(entries)],
  );
  return new Set(result.rows.map((row) => Number(row.seq)));
}

/**
 * The messages are finished (applied or skipped as duplicates): progress moves up to the last of them, and none
 * is abandoned any more. In the transaction that applied them, so progress never claims an effect that rolled
 * back. A first progress starts at the first of them: every one in between is finished in this transaction.
 */
export async function finishMessages(
  tx: Queryable,
  schema: string,
  consumer: string,
  positions: readonly MessagePosition[],
): Promise<void> {
  if (positions.length === 0) return;
  const target = quoted(schema);
  const sorted = [...positions].sort((a, b) => a.seq - b.seq);
  const first = sorted[0] as MessagePosition;
  const last = sorted[sorted.length - 1] as MessagePosition;
  await tx.query(
    `WITH no_longer_abandoned AS (
       DELETE FROM ${target}.abandoned_messages a
       USING unnest($2::bigint[], $3::bigint[]) AS m(seq, nanos)
       WHERE a.consumer = $1 AND a.stream_seq = m.seq AND a.stored_nanos = m.nanos
     )
     INSERT INTO ${target}.consumer_progress AS p (consumer, since_seq, high_seq, high_nanos)
     VALUES ($1, $4, $5, $6)
     ON CONFLICT (consumer) DO UPDATE
       SET high_seq = excluded.high_seq, high_nanos = excluded.high_nanos, updated_at = now()
     WHERE p.high_seq < excluded.high_seq`,
    [
      consumer,
      sorted.map((position) => position.seq),
      sorted.map((position) => position.storedNanos.toString()),
      first.seq,
      last.seq,
      last.storedNanos.toString(),
    ],
  );
}

/**
 * Records a message JetStream will not deliver again unless the consumer is replayed, so that a replay applies
 * it; idempotent. `messageId` is null for a message that is not a valid envelope. A covered message is done, and
 * stays so: recorded as abandoned, it would no longer be covered, and its id may be pruned.
 */
export async function recordAbandoned(
  db: Queryable,
  schema: string,
  consumer: string,
  position: MessagePosition,
  messageId: string | null,
  reason: string,
): Promise<void> {
  const target = quoted(schema);
  await db.query(
    `INSERT INTO ${target}.abandoned_messages (consumer, message_id, stream_seq, stored_nanos, reason)
     SELECT $1, $2, $3, $4, $5 WHERE NOT ${coveredSql(target, '$3::bigint', '$4::bigint')}
     ON CONFLICT DO NOTHING`,
    [consumer, messageId, position.seq, position.storedNanos.toString(), reason.slice(0, 1_000)],
  );
}
