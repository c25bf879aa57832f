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
 * - every message of the filter is delivered in stream order, one at a time (consumer-setup.ts: max_ack_pending
 *   1; a nak'd message is redelivered before anything after it), so every message of the filter below high_seq
 *   was delivered before it and finished, except those abandoned;
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

/** SQL true when the message at $3/$4 is covered for consumer $1 (see above). */
function coveredSql(schema: string): string {
  return `EXISTS (
    SELECT 1 FROM ${schema}.consumer_progress p
    WHERE p.consumer = $1 AND $3::bigint BETWEEN p.since_seq AND p.high_seq AND $4::bigint <= p.high_nanos
      AND NOT EXISTS (
        SELECT 1 FROM ${schema}.abandoned_messages a
        WHERE a.consumer = $1 AND a.stream_seq = $3::bigint AND a.stored_nanos = $4::bigint))`;
}

/**
 * Records that `consumer` is applying the message, in the transaction that applies it; false when it was done
 * already (covered, or its id recorded), so the caller skips it. A concurrent duplicate waits on the id's key and
 * then sees the first one's row. Follow with finishMessage in the same transaction.
 */
export async function claimMessage(
  tx: Queryable,
  schema: string,
  consumer: string,
  messageId: string,
  position: MessagePosition,
): Promise<boolean> {
  const target = quoted(schema);
  const result = await tx.query(
    `INSERT INTO ${target}.processed_messages (consumer, message_id, stream_seq, stored_nanos)
     SELECT $1, $2, $3, $4 WHERE NOT ${coveredSql(target)}
     ON CONFLICT DO NOTHING`,
    [consumer, messageId, position.seq, position.storedNanos.toString()],
  );
  return result.rowCount === 1;
}

/** Whether the message was done already, for a reaction, which runs before anything is recorded. */
export async function wasMessageDone(
  db: Queryable,
  schema: string,
  consumer: string,
  messageId: string,
  position: MessagePosition,
): Promise<boolean> {
  const target = quoted(schema);
  const result = await db.query(
    `SELECT 1 WHERE ${coveredSql(target)}
       OR EXISTS (SELECT 1 FROM ${target}.processed_messages WHERE consumer = $1 AND message_id = $2)`,
    [consumer, messageId, position.seq, position.storedNanos.toString()],
  );
  return result.rowCount === 1;
}

/**
 * The message is finished (applied or skipped as a duplicate): progress moves up to it, and it is no longer
 * abandoned. In the transaction that applied it, so progress never claims a message whose effect rolled back.
 */
export async function finishMessage(
  tx: Queryable,
  schema: string,
  consumer: string,
  position: MessagePosition,
): Promise<void> {
  const target = quoted(schema);
  await tx.query(
    `WITH no_longer_abandoned AS (
       DELETE FROM ${target}.abandoned_messages WHERE consumer = $1 AND stream_seq = $2 AND stored_nanos = $3
     )
     INSERT INTO ${target}.consumer_progress AS p (consumer, since_seq, high_seq, high_nanos)
     VALUES ($1, $2, $2, $3)
     ON CONFLICT (consumer) DO UPDATE
       SET high_seq = excluded.high_seq, high_nanos = excluded.high_nanos, updated_at = now()
     WHERE p.high_seq < excluded.high_seq`,
    [consumer, position.seq, position.storedNanos.toString()],
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
     SELECT $1, $2, $3, $4, $5 WHERE NOT ${coveredSql(target)}
     ON CONFLICT DO NOTHING`,
    [consumer, messageId, position.seq, position.storedNanos.toString(), reason.slice(0, 1_000)],
  );
}
