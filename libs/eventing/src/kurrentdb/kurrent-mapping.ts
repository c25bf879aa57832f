import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type AllStreamRecordedEvent,
  type AppendStreamState,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { ExpectedRevision, RecordedEvent } from '../event-store.js';
import { checkedPayload, MalformedEventError } from '../malformed-event.js';

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

/**
 * One rule for `recordedAt`, whichever path read the event: whole seconds. Reads go through the Rust bridge,
 * whose kurrentdb-rs keeps the server's time only to the second (TOOLCHAIN.md, seen on a server; the bridge
 * passes on what it gets, bridge client.rs `js_recorded_event`), while subscriptions go through grpc-js, which
 * keeps milliseconds (convertGrpcEvent.js:178-197). Truncating both makes a subscribed event equal the stored one.
 */
export function recordedAtOf(created: Date): Date {
  return new Date(Math.floor(created.getTime() / 1_000) * 1_000);
}

/**
 * A client event as the port's RecordedEvent. Data and metadata must be JSON objects: the client passes a
 * JSON string, number or array through as it is, and bytes it cannot parse as bytes (convertRustEvent.js:49-95,
 * convertGrpcEvent.js:156-176); those raise MalformedEventError, as on PostgreSQL, instead of becoming `{}`.
 */
export function toRecordedEvent(event: KurrentRecordedEvent | AllStreamRecordedEvent): RecordedEvent {
  if (!event.position) {
    throw new Error(`KurrentDB returned event ${event.id} without a position; the server predates 22.6`);
  }
  const address = {
    id: event.id,
    type: event.type,
    streamName: event.streamId,
    revision: Number(event.revision),
    position: { commit: event.position.commit, prepare: event.position.prepare },
  };
  if (!event.isJson) throw new MalformedEventError(address, 'its content type is not application/json');
  const { data, metadata } = checkedPayload(address, event.data, event.metadata);
  // One literal, not spreads of address and payload: those cost V8 about 2.5 µs an event (postgres/rows.ts).
  const { id, type, streamName, revision, position } = address;
  return {
    id,
    type,
    streamName,
    revision,
    position,
    data,
    metadata,
    recordedAt: recordedAtOf(event.created),
  };
}

/** Only the part of a connection string that names the server, so credentials never reach an error or log. */
export function describeTarget(connectionString: string): string {
  const match = /^[a-z+]+:\/\/(?:[^@/]*@)?([^/?]+)/i.exec(connectionString);
  return match?.[1] ?? 'the configured address';
}
