import type { EventMetadata, RecordedEvent } from '../event-store.js';

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
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    revision: Number(row.stream_revision),
    position: { commit: BigInt(row.transaction_id_text), prepare: BigInt(row.global_position) },
    recordedAt: row.recorded_at,
  };
}
