import type { EventMetadata, Position, StreamRevision } from './event-store.js';

/** Where a stored event is, enough to name it in a log, park it and find it again. */
export interface StoredEventAddress {
  id: string;
  type: string;
  streamName: string;
  revision: StreamRevision;
  position: Position;
}

/**
 * A stored event whose data or metadata is not a JSON object, so no handler can read it. Both adapters raise it
 * instead of passing on something else (KurrentDB's client hands over a JSON string as a string, and bytes that
 * do not parse as themselves). A reader parks the event and moves past it rather than stop on it forever.
 */
export class MalformedEventError extends Error {
  constructor(
    readonly event: StoredEventAddress,
    readonly reason: string,
  ) {
    super(
      `Stored event ${event.id} (${event.type}) at ${event.streamName}@${event.revision} is malformed: ${reason}`,
    );
    this.name = 'MalformedEventError';
  }
}

/** The event's data and metadata as the port promises them, or MalformedEventError naming what is wrong. */
export function checkedPayload(
  event: StoredEventAddress,
  data: unknown,
  metadata: unknown,
): { data: Record<string, unknown>; metadata: EventMetadata } {
  if (!isJsonObject(data))
    throw new MalformedEventError(event, `data is ${describeValue(data)}, not a JSON object`);
  // No metadata at all is an event someone wrote without any: fine. Anything other than an object is not.
  if (metadata === undefined || metadata === null) return { data, metadata: {} };
  if (!isJsonObject(metadata)) {
    throw new MalformedEventError(event, `metadata is ${describeValue(metadata)}, not a JSON object`);
  }
  return { data, metadata: metadata as EventMetadata };
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'bytes that are not JSON';
  return `a ${typeof value}`;
}
