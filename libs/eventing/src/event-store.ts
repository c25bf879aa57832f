/**
 * The event store port (ARCHITECTURE.md "Event store"). Two adapters implement it: PostgreSQL (default) and
 * KurrentDB; both pass the same contract suite in test/event-store-contract.ts.
 */

/** Revision of the last event in a stream, counted from 0. */
export type StreamRevision = number;

/**
 * What the writer believes the stream's revision is. `no_stream`: the stream must not exist yet;
 * `stream_exists`: it must exist at any revision; `any`: no check.
 */
export type ExpectedRevision = StreamRevision | 'no_stream' | 'stream_exists' | 'any';

/**
 * A point in the store-wide log, totally ordered by (commit, prepare). KurrentDB's $all position has exactly
 * this shape; the PostgreSQL adapter uses (transaction id, global sequence), which orders events the way their
 * transactions became safe to read (see postgres/README.md).
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  /** Who did it: a user's id, or a process's name (`seed`, `billing-renewals`). */
  actorId?: string;
  /**
   * The acting user's role when a user did it (ARCHITECTURE.md "Who did it": the actor is `{userId, role}`).
   * Absent on events stored before it was recorded and on processes' events.
   */
  actorRole?: 'admin' | 'tenant';
  /** The customer in whose view an admin acted (issue 21, view as customer); `actorId` is then the admin. */
  onBehalfOf?: string;
  /**
   * The request's operation when it came with an Idempotency-Key: every attempt under the key carries the same id,
   * so a retry finds what an attempt whose answer was lost already did (command-handler.ts).
   */
  operationId?: string;
  /** The command that decided the event, recorded with `operationId`. */
  command?: string;
  traceparent?: string;
  tracestate?: string;
  /** Schema version of `data`; an upcaster reads older versions. */
  schemaVersion?: number;
}

export interface NewEvent {
  /** UUIDv7, made by the caller so a retried append is recognisable. */
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  streamName: string;
  revision: StreamRevision;
  position: Position;
  recordedAt: Date;
}

export interface AppendResult {
  /** Revision of the last event written: the stream's new revision. */
  nextRevision: StreamRevision;
  /** Position of the last event written; projections have caught up once they pass it. */
  position: Position;
}

export interface ReadStreamResult {
  events: RecordedEvent[];
  /** `no_stream` when nothing was ever written to the stream. */
  revision: StreamRevision | 'no_stream';
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; `start` means from the beginning of the log. */
  from: Position | 'start';
  /** Stream categories to deliver (`catalog_product`): the part of the stream name before the first dash. */
  categories: readonly string[];
  /** Stops the subscription; the iterator then ends without error. */
  signal: AbortSignal;
  /** Upper bound on events fetched per round trip. */
  batchSize?: number;
  /**
   * Called between events, in log order, when the store has looked through the log up to `position` and found
   * nothing more of the categories: a reader may checkpoint there, so a restart does not look through the same
   * unrelated events again. Only adapters that scan a shared log call it (KurrentDB's filter checkpoints).
   */
  onProgress?: (position: Position) => void;
}

/** The slice of a pino logger the adapters use; pino's Logger fits it. */
export interface EventStoreLogger {
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export interface EventStore {
  /**
   * Appends atomically; throws ConcurrencyError when `expectedRevision` does not hold.
   *
   * Idempotency, the same on every adapter: the events' ids must differ from each other (refused before anything
   * is written). An append whose events are already stored (a retry after a lost reply) never stores them twice
   * and never reports a second success: it throws ConcurrencyError with the stream's current revision, so the
   * command handler re-reads and decides again. KurrentDB recognises such a retry only with an expected revision
   * or `no_stream` (or while it still remembers the ids); with `any` or `stream_exists` it may store them again,
   * so commands always append at the revision they read.
   */
  append(
    streamName: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult>;
  readStream(streamName: string): Promise<ReadStreamResult>;
  /**
   * Every committed event of the categories, in log order, each exactly once, never skipping one that commits
   * late; then waits for new ones until the signal aborts. Catch-up and live delivery are one loop.
   */
  subscribe(options: SubscribeOptions): AsyncIterable<RecordedEvent>;
  /** Position of the newest event a subscriber could currently receive; `start` for an empty log. */
  headPosition(categories: readonly string[]): Promise<Position | 'start'>;
  /**
   * Which store this is (`postgres:<uuid>`, `kurrentdb:<uuid>`), kept with every checkpoint: a position means
   * something only in the log that gave it, so a reader refuses a checkpoint another store wrote.
   */
  storeId(): Promise<string>;
  /** Cheap liveness check for /health/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface BacklogQuery {
  /** A reader's checkpoint: the backlog is what was committed after it. */
  after: Position | 'start';
  categories: readonly string[];
  /** Counting stops here, so a reader far behind costs no more than one a little behind. */
  limit: number;
}

export interface Backlog {
  /** Committed events after the checkpoint, up to `limit`; null where the adapter cannot count them cheaply. */
  events: number | null;
  /** When the first of them was recorded; null when there is none. */
  firstRecordedAt: Date | null;
}

/**
 * How far a reader of the log (a projection, a relay) is behind, for readiness (lag.ts). Apart from the
 * EventStore port because only the process's own adapter needs it, not the wrappers tests put around a store;
 * both adapters implement it.
 */
export interface BacklogReader {
  backlog(query: BacklogQuery): Promise<Backlog>;
}

/**
 * The same delivery as EventStore.subscribe, a page of events at a time, for a reader that takes many at once (a
 * projection's pump): one step of the iterator per page instead of one per event. Apart from the port, as
 * BacklogReader is; subscribeInPages (paged-subscription.ts) reads a store without it in pages of one event. A
 * wrapper that copies a store and changes its `subscribe` must change this one too, or leave it out.
 */
export interface PagedSubscriber {
  subscribePages(options: SubscribeOptions): AsyncIterable<readonly RecordedEvent[]>;
}

export function comparePositions(a: Position | 'start', b: Position | 'start'): number {
  if (a === 'start') return b === 'start' ? 0 : -1;
  if (b === 'start') return 1;
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Stream names are `<service>_<aggregate>-<id>`: one dash, before the id, so KurrentDB's $by_category works. */
export function streamName(category: string, id: string): string {
  return `${category}-${id}`;
}

export function categoryOf(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}
