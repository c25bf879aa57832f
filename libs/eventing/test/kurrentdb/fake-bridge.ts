import { bridgeError } from './client-modules.js';
import { jsonBytes, type FakeLog, type LoggedEvent } from './fake-log.js';

/** The read options the client passes the bridge (readStream.js:268-275, readAll.js:304-312). */
interface BridgeReadOptions {
  direction?: string;
  fromRevision?: bigint | string;
  fromPosition?: { commit: bigint; prepare: bigint } | string;
  maxCount?: bigint;
  requiresLeader?: boolean;
  filter?: { filterOn: string; prefixes?: string[] };
}

/** A resolved event as the bridge hands it over (bridge client.rs js_recorded_event, js_resolve_event). */
interface BridgeResolvedEvent {
  event: {
    streamId: string;
    id: string;
    type: string;
    isJson: boolean;
    revision: bigint;
    created: Date;
    data: Uint8Array;
    metadata: Uint8Array;
    position: { commit: bigint; prepare: bigint };
  };
}

/**
 * The Rust half of the client (@kurrent/bridge's RustClient) over a FakeLog. Each read yields one batch of
 * resolved events, or throws as the bridge does: by name, StreamNotFoundError and StreamDeletedError, everything
 * else an UnknownError with kurrentdb-rs's message (bridge error.rs). Times are whole seconds: kurrentdb-rs
 * truncates the server's created time (TOOLCHAIN.md, checked against a server).
 */
export class FakeBridge {
  /** The next reads fail with these, in order, before touching the log. */
  readonly failures: Error[] = [];
  /** Every read's stream (`$all` for reads of all) and options, to check what the adapter asked for. */
  readonly reads: Array<{ stream: string; options: BridgeReadOptions }> = [];

  constructor(private readonly log: FakeLog) {}

  readStream(stream: string, options: BridgeReadOptions = {}): AsyncIterable<BridgeResolvedEvent[]> {
    this.reads.push({ stream, options });
    return this.#batch(() => this.#streamEvents(stream, options));
  }

  readAll(options: BridgeReadOptions = {}): AsyncIterable<BridgeResolvedEvent[]> {
    this.reads.push({ stream: '$all', options });
    return this.#batch(() => this.#allEvents(options));
  }

  /** Like the bridge, the read starts and fails on the first `next()` (bridge lib/index.js readStream). */
  async *#batch(select: () => LoggedEvent[]): AsyncGenerator<BridgeResolvedEvent[]> {
    const failure = this.failures.shift();
    if (failure) throw failure;
    const events = select();
    if (events.length > 0) yield events.map((event) => ({ event: toBridgeEvent(event) }));
  }

  #streamEvents(stream: string, options: BridgeReadOptions): LoggedEvent[] {
    if (stream.startsWith('$$')) return this.#metadataEvents(stream.slice(2));
    if (this.log.isTombstoned(stream)) throw bridgeError('StreamDeletedError');
    const events = this.log.visible(stream);
    if (events.length === 0) throw bridgeError('StreamNotFoundError');
    const ordered = options.direction === 'backwards' ? [...events].reverse() : events;
    return ordered.slice(0, Number(options.maxCount ?? BigInt(ordered.length)));
  }

  /** A soft delete leaves `$tb` in the stream's metadata stream (`$$<stream>`), read through the same call. */
  #metadataEvents(stream: string): LoggedEvent[] {
    const truncateBefore = this.log.truncatedBefore(stream);
    if (truncateBefore === undefined) throw bridgeError('StreamNotFoundError');
    const metadata = {
      stream: `$$${stream}`,
      revision: 0n,
      id: '00000000-0000-4000-8000-000000000000',
      type: '$metadata',
      isJson: true,
      data: jsonBytes({ $tb: Number(truncateBefore) }),
      metadata: new Uint8Array(),
      createdMs: this.log.now(),
      position: { commit: 1n, prepare: 1n },
    };
    return [metadata];
  }

  #allEvents(options: BridgeReadOptions): LoggedEvent[] {
    const prefixes = options.filter?.prefixes;
    const from = options.fromPosition;
    const backwards = options.direction === 'backwards';
    const matching = this.log.events.filter((event) => {
      if (prefixes && !prefixes.some((prefix) => event.stream.startsWith(prefix))) return false;
      if (typeof from !== 'object') return true;
      // A read from a position includes the event at it, in either direction.
      return backwards ? event.position.commit <= from.commit : event.position.commit >= from.commit;
    });
    const ordered = backwards ? [...matching].reverse() : matching;
    return ordered.slice(0, Number(options.maxCount ?? BigInt(ordered.length)));
  }
}

function toBridgeEvent(event: LoggedEvent): BridgeResolvedEvent['event'] {
  return {
    streamId: event.stream,
    id: event.id,
    type: event.type,
    isJson: event.isJson,
    revision: event.revision,
    created: new Date(Math.floor(event.createdMs / 1_000) * 1_000),
    data: event.data,
    metadata: event.metadata,
    position: event.position,
  };
}
