import { PassThrough } from 'node:stream';
import type { StreamsPb } from './client-modules.js';
import { grpc, grpcError, sharedPb, streamsPb } from './client-modules.js';
import type { FakeLog, LoggedEvent } from './fake-log.js';

type Position = { commit: bigint; prepare: bigint };

/** The server's page size when a filter names no search window (Enumerator.AllSubscriptionFiltered). */
const defaultSearchWindow = 32;

/**
 * One `Streams.Read` subscription call to $all as grpc-js returns it to the client: a readable of ReadResp
 * messages with `cancel()`. It plays the server's filtered subscription (Enumerator.AllSubscriptionFiltered): a
 * confirmation, the matching events after the start position, a checkpoint every `checkpointInterval ×
 * maxSearchWindow` events looked through and one at the end of catch-up, `caughtUp`, then live events.
 */
export class FakeSubscriptionCall {
  readonly readable = Object.assign(new PassThrough({ objectMode: true }), {
    // grpc-js ends a call the client cancels with this status (client-side cancellation, which the client
    // recognises and ignores: isClientCancellationError.js).
    cancel: () => this.fail(grpcError(grpc.status.CANCELLED, 'Cancelled on client')),
  });
  readonly prefixes: string[];
  readonly from: Position | undefined;
  readonly checkpointEvery: number;
  #considered = 0;
  #stopLive: (() => void) | undefined;

  constructor(
    private readonly log: FakeLog,
    request: StreamsPb.ReadReq,
  ) {
    const options = request.getOptions()!;
    if (!options.hasSubscription()) throw new Error('the fake transport reads through the bridge only');
    const all = options.getAll()!;
    const position = all.getPosition();
    this.from = all.hasPosition() && position ? toPosition(position) : undefined;
    const filter = options.getFilter();
    this.prefixes = filter?.getStreamIdentifier()?.getPrefixList() ?? [];
    const window = filter?.hasMax() ? filter.getMax() : defaultSearchWindow;
    this.checkpointEvery = window * (filter?.getCheckpointintervalmultiplier() ?? 1);
    // The client attaches its listeners after the call returns.
    setImmediate(() => this.#start());
  }

  /** The server completes the call with an OK status: the readable ends without an error. */
  end(): void {
    this.#stopLive?.();
    this.readable.end();
  }

  /** The server (or the client's cancel) ends the call with an error status. */
  fail(error: Error): void {
    this.#stopLive?.();
    this.readable.destroy(error);
  }

  #start(): void {
    if (this.readable.destroyed) return;
    const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation();
    confirmation.setSubscriptionId('fake-subscription');
    this.readable.write(new streamsPb.ReadResp().setConfirmation(confirmation));
    let last: Position | undefined;
    for (const event of this.log.events) {
      if (this.from && event.position.commit <= this.from.commit) continue;
      this.#consider(event);
      last = event.position;
    }
    if (last) this.#checkpoint(last);
    this.readable.write(new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp()));
    this.#stopLive = this.log.onWrite((event) => this.#consider(event));
  }

  #consider(event: LoggedEvent): void {
    if (this.readable.destroyed || this.readable.writableEnded) return;
    this.#considered += 1;
    if (this.prefixes.some((prefix) => event.stream.startsWith(prefix)))
      this.readable.write(eventResponse(event));
    if (this.#considered % this.checkpointEvery === 0) this.#checkpoint(event.position);
  }

  #checkpoint(position: Position): void {
    const checkpoint = new streamsPb.ReadResp.Checkpoint();
    checkpoint.setCommitPosition(position.commit.toString());
    checkpoint.setPreparePosition(position.prepare.toString());
    this.readable.write(new streamsPb.ReadResp().setCheckpoint(checkpoint));
  }
}

function toPosition(position: StreamsPb.ReadReq.Options.Position): Position {
  return { commit: BigInt(position.getCommitPosition()), prepare: BigInt(position.getPreparePosition()) };
}

/** An event as the server sends it; `created` in ticks of 100 ns since the Unix epoch (convertGrpcEvent.js:177-197). */
export function eventResponse(event: LoggedEvent): StreamsPb.ReadResp {
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent();
  const id = new sharedPb.UUID();
  id.setString(event.id);
  recorded.setId(id);
  const name = new sharedPb.StreamIdentifier();
  name.setStreamName(new TextEncoder().encode(event.stream));
  recorded.setStreamIdentifier(name);
  recorded.setStreamRevision(event.revision.toString());
  recorded.setCommitPosition(event.position.commit.toString());
  recorded.setPreparePosition(event.position.prepare.toString());
  const metadata = recorded.getMetadataMap();
  metadata.set('type', event.type);
  metadata.set('content-type', event.isJson ? 'application/json' : 'application/octet-stream');
  metadata.set('created', (BigInt(event.createdMs) * 10_000n).toString());
  recorded.setData(event.data);
  recorded.setCustomMetadata(event.metadata);
  const read = new streamsPb.ReadResp.ReadEvent();
  read.setEvent(recorded);
  read.setCommitPosition(event.position.commit.toString());
  return new streamsPb.ReadResp().setEvent(read);
}
