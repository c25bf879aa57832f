import { ConcurrencyError } from '@app/domain';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type AllStreamRecordedEvent,
  type AppendStreamState,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, ExpectedRevision, RecordedEvent } from '../event-store.js';

/** KurrentDB could not be reached; raised instead of the client's raw gRPC errors (TOOLCHAIN.md). */
export class EventStoreUnavailableError extends Error {
  constructor(target: string, cause: unknown) {
    super(`KurrentDB at ${target} is unavailable: ${describe(cause)}`, { cause });
    this.name = 'EventStoreUnavailableError';
  }
}

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new Error(`Expected revision must be a non-negative integer, got ${expected}`);
      }
      return BigInt(expected);
  }
}

/**
 * Maps client failures: a wrong expected version becomes the domain's ConcurrencyError, and connection
 * failures, which the client raises either as UnavailableError or as a raw gRPC status 14, become one clear
 * error. Anything else is passed on unchanged.
 */
export function mapKurrentError(
  error: unknown,
  target: string,
  stream?: string,
  expected?: ExpectedRevision,
) {
  const details = error as { type?: unknown; code?: unknown; actualState?: unknown } | null;
  if (details?.type === 'wrong-expected-version' && stream !== undefined && expected !== undefined) {
    const actual = details.actualState;
    const revision = typeof actual === 'bigint' && actual >= 0n ? Number(actual) : 'no_stream';
    return new ConcurrencyError(stream, expected, revision);
  }
  if (details?.type === 'unavailable' || details?.type === 'deadline-exceeded' || details?.code === 14) {
    return new EventStoreUnavailableError(target, error);
  }
  return error;
}

export function isStreamNotFound(error: unknown): boolean {
  return (error as { type?: unknown } | null)?.type === 'stream-not-found';
}

export function toRecordedEvent(event: KurrentRecordedEvent | AllStreamRecordedEvent): RecordedEvent {
  if (!event.position) {
    throw new Error(`KurrentDB returned event ${event.id} without a position; the server predates 22.6`);
  }
  if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON`);
  return {
    id: event.id,
    type: event.type,
    data: asObject(event.data),
    metadata: asObject(event.metadata) as EventMetadata,
    streamName: event.streamId,
    revision: Number(event.revision),
    position: { commit: event.position.commit, prepare: event.position.prepare },
    recordedAt: event.created,
  };
}

/** Only the part of a connection string that names the server, so credentials never reach an error or log. */
export function describeTarget(connectionString: string): string {
  const match = /^[a-z+]+:\/\/(?:[^@/]*@)?([^/?]+)/i.exec(connectionString);
  return match?.[1] ?? 'the configured address';
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array)
    ? (value as Record<string, unknown>)
    : {};
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
