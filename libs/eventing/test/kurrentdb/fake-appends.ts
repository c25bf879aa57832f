import { Duplex, Writable } from 'node:stream';
import type { StreamsPb } from './client-modules.js';
import { anyPb, grpc, grpcError, sharedPb, statusPb, streamsPb } from './client-modules.js';
import type { Expected, FakeLog, ProposedEvent } from './fake-log.js';

export interface AppendServer {
  log: FakeLog;
  /** MaxAppendSize in bytes of data and metadata (Streams.Append.cs). */
  maxAppendSize: number;
}

type Decision =
  | { kind: 'too-large' }
  | { kind: 'deleted' }
  | { kind: 'wrong-expected-version'; current: bigint | undefined }
  | { kind: 'written' | 'idempotent'; revision: bigint; position?: { commit: bigint; prepare: bigint } };

function decide(
  server: AppendServer,
  stream: string,
  expected: Expected,
  proposed: ProposedEvent[],
): Decision {
  const size = proposed.reduce((sum, event) => sum + event.data.length + event.metadata.length, 0);
  if (size > server.maxAppendSize) return { kind: 'too-large' };
  return server.log.append(stream, expected, proposed);
}

type AppendOptions = StreamsPb.AppendReq.Options | StreamsPb.BatchAppendReq.Options;

/** The stream both kinds of append name, and the revision they expect: a marker, or the one `revision` reads. */
function appendTarget(
  options: AppendOptions,
  revision: () => string | number,
): { stream: string; expected: Expected } {
  const stream = new TextDecoder().decode(options.getStreamIdentifier()!.getStreamName_asU8());
  const expected: Expected = options.hasNoStream()
    ? 'no_stream'
    : options.hasStreamExists()
      ? 'stream_exists'
      : options.hasAny()
        ? 'any'
        : BigInt(revision());
  return { stream, expected };
}

type ProposedMessage = StreamsPb.AppendReq.ProposedMessage | StreamsPb.BatchAppendReq.ProposedMessage;

function proposedEvent(message: ProposedMessage): ProposedEvent {
  return {
    id: message.getId()!.getString(),
    type: message.getMetadataMap().get('type')!,
    isJson: message.getMetadataMap().get('content-type') === 'application/json',
    data: message.getData_asU8(),
    metadata: message.getCustomMetadata_asU8(),
  };
}

type Callback = (error: Error | null, response?: StreamsPb.AppendResp) => void;

/**
 * `Streams.Append`, which the client uses when the server does not offer batch appends: a client-streaming
 * call, options first, then each event, then end (append.js:78-168); one answer to the callback.
 */
export function appendCall(server: AppendServer, callback: Callback): Writable {
  const requests: StreamsPb.AppendReq[] = [];
  return new Writable({
    objectMode: true,
    write: (request: StreamsPb.AppendReq, _encoding, done) => void (requests.push(request), done()),
    final: (done) => {
      done();
      setImmediate(() => answerAppend(server, requests, callback));
    },
  });
}

function answerAppend(server: AppendServer, requests: StreamsPb.AppendReq[], callback: Callback): void {
  const [header, ...messages] = requests;
  const options = header!.getOptions()!;
  const { stream, expected } = appendTarget(options, () => options.getRevision());
  const decision = decide(
    server,
    stream,
    expected,
    messages.map((message) => proposedEvent(message.getProposedMessage()!)),
  );
  // The server's RpcExceptions carry the error's name in `exception` metadata (CommandError.js:433-469).
  if (decision.kind === 'too-large') {
    return callback(
      grpcError(grpc.status.INVALID_ARGUMENT, `Maximum Append Size of ${server.maxAppendSize} Exceeded.`, {
        exception: 'maximum-append-size-exceeded',
        'maximum-append-size': String(server.maxAppendSize),
      }),
    );
  }
  if (decision.kind === 'deleted') {
    return callback(
      grpcError(grpc.status.FAILED_PRECONDITION, `Event stream '${stream}' is deleted.`, {
        exception: 'stream-deleted',
        'stream-name': stream,
      }),
    );
  }
  const response = new streamsPb.AppendResp();
  if (decision.kind === 'wrong-expected-version') {
    const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
    if (decision.current === undefined) wrong.setCurrentNoStream(new sharedPb.Empty());
    else wrong.setCurrentRevision(decision.current.toString());
    return callback(null, response.setWrongExpectedVersion(wrong));
  }
  const success = new streamsPb.AppendResp.Success();
  success.setCurrentRevision(decision.revision.toString());
  if (decision.position) {
    const position = new streamsPb.AppendResp.Position();
    position.setCommitPosition(decision.position.commit.toString());
    position.setPreparePosition(decision.position.prepare.toString());
    success.setPosition(position);
  } else success.setNoPosition(new sharedPb.Empty());
  callback(null, response.setSuccess(success));
}

/**
 * `Streams.BatchAppend`, which the client uses when the server offers it (every KurrentDB): one long-lived
 * duplex call per client, each append a correlation id whose requests end with `isFinal`, each answered by one
 * response carrying the id, with failures as a google.rpc.Status whose details name the error
 * (batchAppend.js:13-106, unpackError.js).
 */
export function batchAppendCall(server: AppendServer): Duplex {
  const pending = new Map<string, StreamsPb.BatchAppendReq[]>();
  const call: Duplex = new Duplex({
    objectMode: true,
    read: () => undefined,
    write: (request: StreamsPb.BatchAppendReq, _encoding, done) => {
      const id = request.getCorrelationId()!.getString();
      const requests = [...(pending.get(id) ?? []), request];
      pending.set(id, requests);
      if (request.getIsFinal()) {
        pending.delete(id);
        setImmediate(() => call.push(answerBatch(server, requests)));
      }
      done();
    },
  });
  return call;
}

function answerBatch(server: AppendServer, requests: StreamsPb.BatchAppendReq[]): StreamsPb.BatchAppendResp {
  const options = requests[0]!.getOptions()!;
  const response = new streamsPb.BatchAppendResp();
  response.setCorrelationId(requests[0]!.getCorrelationId());
  response.setStreamIdentifier(options.getStreamIdentifier());
  const { stream, expected } = appendTarget(options, () => options.getStreamPosition());
  const proposed = requests.flatMap((request) => request.getProposedMessagesList().map(proposedEvent));
  const decision = decide(server, stream, expected, proposed);
  if (decision.kind === 'too-large') {
    const detail = new sharedPb.MaximumAppendSizeExceeded();
    detail.setMaxappendsize(server.maxAppendSize);
    return response.setError(
      status(grpc.status.INVALID_ARGUMENT, 'too large', detail, 'MaximumAppendSizeExceeded'),
    );
  }
  if (decision.kind === 'deleted') {
    const detail = new sharedPb.StreamDeleted();
    detail.setStreamIdentifier(options.getStreamIdentifier());
    return response.setError(status(grpc.status.FAILED_PRECONDITION, 'deleted', detail, 'StreamDeleted'));
  }
  if (decision.kind === 'wrong-expected-version') {
    const detail = new sharedPb.WrongExpectedVersion();
    if (decision.current === undefined) detail.setCurrentNoStream(new sharedPb.Empty());
    else detail.setCurrentStreamRevision(decision.current.toString());
    return response.setError(
      status(grpc.status.FAILED_PRECONDITION, 'wrong', detail, 'WrongExpectedVersion'),
    );
  }
  const success = new streamsPb.BatchAppendResp.Success();
  success.setCurrentRevision(decision.revision.toString());
  if (decision.position) {
    const position = new sharedPb.AllStreamPosition();
    position.setCommitPosition(decision.position.commit.toString());
    position.setPreparePosition(decision.position.prepare.toString());
    success.setPosition(position);
  } else success.setNoPosition(new sharedPb.Empty());
  return response.setSuccess(success);
}

function status(
  code: number,
  message: string,
  detail?: { serializeBinary(): Uint8Array },
  name?: string,
): InstanceType<typeof statusPb.Status> {
  const result = new statusPb.Status();
  result.setCode(code);
  result.setMessage(message);
  if (detail && name) {
    const details = new anyPb.Any();
    details.pack(detail.serializeBinary(), `event_store.client.${name}`);
    result.setDetails(details);
  }
  return result;
}
