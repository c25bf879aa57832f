/**
 * Typed rule violations. Domain code throws these; service-kit maps each kind once to an HTTP status and an
 * RFC 9457 problem body (ARCHITECTURE.md "Errors"). `message` is the sentence shown to the user.
 */
export interface FieldProblem {
  path: string;
  message: string;
}

export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'validation'
    | 'illegal-state'
    | 'not-found'
    | 'conflict'
    | 'concurrency'
    | 'precondition-failed'
    | 'too-large';

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input breaks a rule (400). `errors` lists the fields at fault, each with its own message. */
export class ValidationError extends DomainError {
  readonly kind = 'validation';
  constructor(
    message: string,
    readonly errors: FieldProblem[] = [],
  ) {
    super(message);
  }
}

/** The command is not allowed in the aggregate's current state (409). */
export class IllegalStateError extends DomainError {
  readonly kind = 'illegal-state';
}

/** The addressed resource does not exist, or no longer does (404). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** A uniqueness rule across aggregates is broken, such as a slug already taken (409). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The stream moved on between read and append; the command handler retries these (409 if it gives up). */
export class ConcurrencyError extends DomainError {
  readonly kind = 'concurrency';
  constructor(
    readonly streamName: string,
    readonly expectedRevision: ExpectedRevisionDescription,
    readonly actualRevision: number | 'no_stream',
  ) {
    super(
      `Stream ${streamName} is at revision ${String(actualRevision)}, not ${String(expectedRevision)}; someone else changed it first`,
    );
  }
}

/** The caller's If-Match revision is no longer current (412); never retried. */
export class PreconditionFailedError extends DomainError {
  readonly kind = 'precondition-failed';
}

/**
 * The change is larger than the event store accepts in one append (413): the request is well-formed and allowed,
 * only too big to record, so the remedy is to send less (KurrentDB's MaxAppendSize, 1 MiB by default).
 */
export class TooLargeError extends DomainError {
  readonly kind = 'too-large';
}

type ExpectedRevisionDescription = number | 'no_stream' | 'stream_exists' | 'any';
