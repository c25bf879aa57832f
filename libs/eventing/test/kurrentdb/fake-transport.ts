import { vi } from 'vitest';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { wrapKurrentClient, type KurrentClient } from '../../src/kurrentdb/kurrent-client.js';
import type { GrpcJs, StreamsPb } from './client-modules.js';
import { featuresPb, grpc, grpcError, ServerFeaturesClient, StreamsClient } from './client-modules.js';
import { appendCall, batchAppendCall } from './fake-appends.js';
import { FakeBridge } from './fake-bridge.js';
import { FakeLog } from './fake-log.js';
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
  /** Failed answers to the features call, in order, before the server's own. */
  readonly featureAnswers: GrpcJs.ServiceError[] = [];
  featureCalls = 0;
  /**
   * Whether the server offers batch appends, as every KurrentDB does; without, it answers the features call as
   * servers before 21.10 do, UNIMPLEMENTED, and the client appends one call at a time (ServerFeatures.js:17-21).
   */
  offersBatchAppend = true;
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
        const failure = this.featureAnswers.shift();
        if (failure) return void setImmediate(() => callback(failure));
        if (!this.offersBatchAppend) {
          return void setImmediate(() => callback(grpcError(grpc.status.UNIMPLEMENTED, 'Method not found')));
        }
        const methods = new featuresPb.SupportedMethods();
        methods.setEventStoreServerVersion('25.0.0');
        const batchAppend = new featuresPb.SupportedMethod();
        batchAppend.setServiceName('event_store.client.streams.Streams');
        batchAppend.setMethodName('BatchAppend');
        methods.addMethods(batchAppend);
        setImmediate(() => callback(null, methods));
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
      append: (_metadata: unknown, _options: unknown, callback: Parameters<typeof appendCall>[1]) =>
        appendCall(this, callback),
      batchAppend: () => batchAppendCall(this),
    };
  }
}
