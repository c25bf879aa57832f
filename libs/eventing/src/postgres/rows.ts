import type { RecordedEvent } from '../event-store.js';
import { checkedPayload } from '../malformed-event.js';

/**
 * Columns every event read selects. The transaction id comes as text (node-pg has no xid8 parser) under another
 * name: an output column named `transaction_id` would make `ORDER BY transaction_id` sort text, '10' before '9'.
 */
export const eventColumns = `global_position, transaction_id::text AS transaction_id_text, stream_name,
  stream_revision, event_id, type, data, metadata, recorded_at`;

export interface EventRow {
  global_position: string;
  transaction_id_text: string;
  stream_name: string;
  stream_revision: string;
  event_id: string;
  type: string;
  /** jsonb: an object when this adapter wrote it; anything when something else did. */
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
}

/** Throws MalformedEventError for a row whose data or metadata is not a JSON object (same rule as KurrentDB). */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  const address = {
    id: row.event_id,
    type: row.type,
    streamName: row.stream_name,
    revision: Number(row.stream_revision),
    position: { commit: BigInt(row.transaction_id_text), prepare: BigInt(row.global_position) },
  };
  const { data, metadata } = checkedPayload(address, row.data, row.metadata);
  // One literal, not `{ ...address, ...payload }`: V8 spent about 2.5 µs an event on those spreads, a tenth of
  // what a rebuild spends on an event in all.
  const { id, type, streamName, revision, position } = address;
  return { id, type, streamName, revision, position, data, metadata, recordedAt: row.recorded_at };
}
