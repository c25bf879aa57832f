/**
 * The event store could not be reached or did not answer in time (KurrentDB restarting, a closed connection, a
 * deadline, a subscription the server ended); raised instead of the client's many raw and typed errors.
 */
export class EventStoreUnavailableError extends Error {
  constructor(target: string, cause: unknown) {
    super(
      `KurrentDB at ${target} is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'EventStoreUnavailableError';
  }
}

/** Node's socket errors when a server is down, restarting or unreachable. */
const socketErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * pg's own sentences for a lost or unobtainable connection; they carry no SQLSTATE. The first is pg-pool's when
 * no connection became free within the pool's acquisition timeout.
 */
const connectionMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
];

/**
 * True when an error says the database (or the event store) could not be reached or gave no connection in time,
 * rather than that the request or the code was wrong: SQLSTATE class 08 (connection exception), 57P01–57P03 (the
 * server shutting down or starting), 53300 (too many connections), a refused or reset socket, pg's
 * connection messages, and KurrentDB's unavailability. Callers answer 503 and retry later.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (error instanceof EventStoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (socketErrorCodes.has(code)) return true;
  }
  if (connectionMessages.includes(error.message)) return true;
  return error.cause !== undefined && error.cause !== error && isStorageUnavailable(error.cause);
}
