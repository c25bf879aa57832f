import { ConcurrencyError, NotFoundError, TooLargeError } from '@app/domain';
import type { ExpectedRevision } from '../event-store.js';
import { EventStoreUnavailableError } from '../storage-unavailable.js';

/** A stream an operator deleted: tombstoned (hard) or soft-deleted, which KurrentDB reads as missing. */
export class StreamDeletedError extends NotFoundError {
  constructor(readonly streamName: string) {
    super('This resource has been deleted.');
  }
}

export interface ErrorContext {
  /** Host and port only (describeTarget), never credentials. */
  target: string;
  stream?: string;
  expected?: ExpectedRevision;
}

/**
 * The client's `type` for failures a retry a moment later can get past: the server restarting or electing a
 * leader, a deadline or a server-side timeout, a call the server cancelled (CommandError.js:10-40; the gRPC
 * path converts statuses in convertToCommandError, CommandError.js:470-538).
 */
const transientTypes = new Set(['unavailable', 'deadline-exceeded', 'timeout', 'cancelled', 'not-leader']);

/** Raw gRPC statuses that reach us unconverted: UNAVAILABLE (a closed port, TOOLCHAIN.md), DEADLINE_EXCEEDED, CANCELLED. */
const transientGrpcCodes = new Set([14, 4, 1]);

/**
 * The Rust bridge names only connection errors UnavailableError (bridge error.rs); kurrentdb-rs's other transient
 * errors arrive as UnknownError carrying their Display text (kurrentdb-rs types.rs `Error`): a server restart
 * (`ServerError`, from UNAVAILABLE, INTERNAL and DATA_LOSS), a closed connection and a deadline.
 */
const transientBridgeMessages = [
  /^Server-side error/,
  /^Connection is closed/,
  /^Deadline exceeded/,
  /^gRPC connection error/,
];

type ClientError = {
  type?: unknown;
  code?: unknown;
  message?: unknown;
  actualState?: unknown;
  maxAppendSize?: unknown;
  streamName?: unknown;
};

/**
 * Maps the client's failures to what the rest of the platform understands: a wrong expected version becomes the
 * domain's ConcurrencyError, a deleted stream a StreamDeletedError (404), an append over the server's size limit
 * a TooLargeError (413), and every transient failure of reads, appends and subscriptions one
 * EventStoreUnavailableError (503 with Retry-After, readiness, retries). Anything else is passed on unchanged.
 */
export function mapKurrentError(error: unknown, context: ErrorContext): unknown {
  const details = (typeof error === 'object' && error !== null ? error : {}) as ClientError;
  const { stream, expected } = context;
  if (details.type === 'wrong-expected-version' && stream !== undefined && expected !== undefined) {
    const actual = details.actualState;
    const revision = typeof actual === 'bigint' && actual >= 0n ? Number(actual) : 'no_stream';
    return new ConcurrencyError(stream, expected, revision);
  }
  if (details.type === 'stream-deleted' || details.type === 'stream-tombstoned') {
    const named = typeof details.streamName === 'string' ? details.streamName : undefined;
    return new StreamDeletedError(stream ?? named ?? 'unknown stream');
  }
  if (details.type === 'maximum-append-size-exceeded') {
    return new TooLargeError(tooLargeMessage(details.maxAppendSize));
  }
  if (isTransient(details)) return new EventStoreUnavailableError(context.target, error);
  return error;
}

function isTransient(details: ClientError): boolean {
  if (typeof details.type === 'string' && transientTypes.has(details.type)) return true;
  if (typeof details.code === 'number' && transientGrpcCodes.has(details.code)) return true;
  const message = typeof details.message === 'string' ? details.message : '';
  return details.type === 'unknown' && transientBridgeMessages.some((pattern) => pattern.test(message));
}

function tooLargeMessage(maxAppendSize: unknown): string {
  const limit =
    typeof maxAppendSize === 'number' && maxAppendSize > 0
      ? ` (at most ${Math.floor(maxAppendSize / 1024)} KB can be saved at once)`
      : '';
  return `This change is too large to save${limit}. Please send less data.`;
}

export function isStreamNotFound(error: unknown): boolean {
  return (error as { type?: unknown } | null)?.type === 'stream-not-found';
}
