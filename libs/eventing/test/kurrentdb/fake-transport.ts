import { Writable } from 'node:stream';
import { vi } from 'vitest';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { wrapKurrentClient, type KurrentClient } from '../../src/kurrentdb/kurrent-client.js';
import type { GrpcJs, StreamsPb } from './client-modules.js';
import {
  grpc,
  grpcError,
  ServerFeaturesClient,
  sharedPb,
  streamsPb,
  StreamsClient,
} from './client-modules.js';
import { FakeBridge } from './fake-bridge.js';
import { FakeLog, type Expected } from './fake-log.js';
import { FakeSubscriptionCall } from './fake-subscription.js';

interface FakeChannel {
  getTarget(): string;
  close(): void;
}

/**
 * A real KurrentDBClient whose transport is fake: its gRPC stubs and its Rust bridge answer from a FakeLog. All
 * of the client's own logic runs (server-features caching, reconnect on failure, append and subscription
 * handling, error conversion); only the two places where it makes transport objects are replaced, the channel
 * (Client/index.js:337-351) and the generated gRPC stubs (Client/index.js:293-299).
 */
export class FakeKurrentServer {
  readonly log = new FakeLog();
  readonly bridge = new FakeBridge(this.log);
  /** Answers to the features call, in order; then UNIMPLEMENTED, as servers before 21.10 answer (ServerFeatures.js:17-21). */
  readonly featureAnswers: GrpcJs.ServiceError[] = [];
  featureCalls = 0;
  /** The next appends fail with these, in order. */
  readonly appendFailures: GrpcJs.ServiceError[] = [];
  /** The server's MaxAppendSize, in bytes of data and metadata (Streams.Append.cs). */
  maxAppendSize = 1024 * 1024;
  readonly subscriptions: FakeSubscriptionCall[] = [];
  readonly clients: KurrentDBClient[] = [];
  channelsOpened = 0;
  channelsClosed = 0;

  /** A client on this server, as `createKurrentEventStore({ connect })` wants it. */
  readonly connect = (): KurrentClient => wrapKurrentClient(this.client());

  client(options: { throwOnAppendFailure?: boolean } = {}): KurrentDBClient {
    const Client = KurrentDBClient as unknown as new (...args: unknown[]) => KurrentDBClient;
    const settings = { endpoint: { address: '127.0.0.1', port: 2113 }, ...options };
    const client = new Client(this.bridge, settings, { insecure: true });
    const internals = client as unknown as {
      getChannel(): Promise<FakeChannel>;
      createChannel(): Promise<FakeChannel>;
      createGRPCClient(GrpcClient: unknown): Promise<unknown>;
    };
    internals.createChannel = async () => this.#channel();
    internals.createGRPCClient = async (GrpcClient) => {
      const channel = await internals.getChannel();
      if (GrpcClient === ServerFeaturesClient) return this.#featuresStub(channel);
      if (GrpcClient === StreamsClient) return this.#streamsStub(channel);
      throw new Error('the fake transport serves only streams and server features');
    };
    this.clients.push(client);
    return client;
  }

  /** Resolves with the next subscription call the server receives. */
  async nextSubscription(): Promise<FakeSubscriptionCall> {
    const seen = this.subscriptions.length;
    await vi.waitUntil(() => this.subscriptions.length > seen);
    return this.subscriptions[seen]!;
  }

  #channel(): FakeChannel {
    this.channelsOpened += 1;
    return { getTarget: () => 'dns:127.0.0.1:2113', close: () => void (this.channelsClosed += 1) };
  }

  #featuresStub(channel: FakeChannel) {
    return {
      getChannel: () => channel,
      getSupportedMethods: (
        _request: unknown,
        callback: (error: Error | null, response?: unknown) => void,
      ) => {
        this.featureCalls += 1;
        const answer =
          this.featureAnswers.shift() ?? grpcError(grpc.status.UNIMPLEMENTED, 'Method not found');
        setImmediate(() => callback(answer));
      },
    };
  }

  #streamsStub(channel: FakeChannel) {
    return {
      getChannel: () => channel,
      read: (request: StreamsPb.ReadReq) => {
        const call = new FakeSubscriptionCall(this.log, request);
        this.subscriptions.push(call);
        return call.readable;
      },
      // A client-streaming call: the client writes the options, then each event, then ends (append.js:78-168).
      append: (
        _metadata: unknown,
        _options: unknown,
        callback: (error: Error | null, response?: unknown) => void,
      ) => {
        const requests: StreamsPb.AppendReq[] = [];
        return new Writable({
          objectMode: true,
          write: (request: StreamsPb.AppendReq, _encoding, done) => void (requests.push(request), done()),
          final: (done) => {
            done();
            setImmediate(() => this.#answerAppend(requests, callback));
          },
        });
      },
    };
  }

  #answerAppend(
    requests: StreamsPb.AppendReq[],
    callback: (error: Error | null, response?: unknown) => void,
  ) {
    const failure = this.appendFailures.shift();
    if (failure) return callback(failure);
    const [header, ...messages] = requests;
    const options = header!.getOptions()!;
    const stream = new TextDecoder().decode(options.getStreamIdentifier()!.getStreamName_asU8());
    const proposed = messages.map((message) => {
      const event = message.getProposedMessage()!;
      return {
        id: event.getId()!.getString(),
        type: event.getMetadataMap().get('type')!,
        isJson: event.getMetadataMap().get('content-type') === 'application/json',
        data: event.getData_asU8(),
        metadata: event.getCustomMetadata_asU8(),
      };
    });
    const size = proposed.reduce((sum, event) => sum + event.data.length + event.metadata.length, 0);
    if (size > this.maxAppendSize) {
      return callback(
        grpcError(grpc.status.INVALID_ARGUMENT, `Maximum Append Size of ${this.maxAppendSize} Exceeded.`, {
          exception: 'maximum-append-size-exceeded',
          'maximum-append-size': String(this.maxAppendSize),
        }),
      );
    }
    const outcome = this.log.append(stream, expectedOf(options), proposed);
    if (outcome.kind === 'deleted') {
      const details = `Event stream '${stream}' is deleted.`;
      return callback(
        grpcError(grpc.status.FAILED_PRECONDITION, details, {
          exception: 'stream-deleted',
          'stream-name': stream,
        }),
      );
    }
    const response = new streamsPb.AppendResp();
    if (outcome.kind === 'wrong-expected-version') {
      const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
      if (outcome.current === undefined) wrong.setCurrentNoStream(new sharedPb.Empty());
      else wrong.setCurrentRevision(outcome.current.toString());
      return callback(null, response.setWrongExpectedVersion(wrong));
    }
    const success = new streamsPb.AppendResp.Success();
    success.setCurrentRevision(outcome.revision.toString());
    if (outcome.kind === 'idempotent') success.setNoPosition(new sharedPb.Empty());
    else {
      const position = new streamsPb.AppendResp.Position();
      position.setCommitPosition(outcome.position.commit.toString());
      position.setPreparePosition(outcome.position.prepare.toString());
      success.setPosition(position);
    }
    callback(null, response.setSuccess(success));
  }
}

function expectedOf(options: StreamsPb.AppendReq.Options): Expected {
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  if (options.hasAny()) return 'any';
  return BigInt(options.getRevision());
}
