import {
  KurrentDBClient,
  LEADER,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendResult,
  type AppendToStreamOptions,
  type EventData,
  type GetStreamMetadataOptions,
  type GetStreamMetadataResult,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
  type SubscribeToAllOptions,
} from '@kurrent/kurrentdb-client';
import { parseConnectionString } from '@kurrent/kurrentdb-client/dist/Client/parseConnectionString.js';

/**
 * The part of `@kurrent/kurrentdb-client` the adapter uses: the seam tests put a client with a fake transport
 * behind. `connectKurrentClient` adapts the real client to it.
 */
export interface KurrentClient {
  appendToStream(stream: string, events: EventData[], options: AppendToStreamOptions): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): AsyncIterable<ResolvedEvent>;
  readAll(options: ReadAllOptions): AsyncIterable<AllStreamResolvedEvent>;
  subscribeToAll(options: SubscribeToAllOptions): AllStreamSubscription;
  getStreamMetadata(stream: string, options?: GetStreamMetadataOptions): Promise<GetStreamMetadataResult>;
  /**
   * The client's server-features answer, which it fetches once and keeps, a failure included
   * (Client/index.js:450-456); every append waits on it (appendToStream/index.js:12-16).
   */
  serverFeatures(): Promise<unknown>;
  /** Cancels its open calls and closes its gRPC channels. */
  close(): Promise<void>;
}

/** The client's members the adapter reaches that its typings keep protected or private. */
interface ClientInternals {
  capabilities: Promise<unknown>;
  createChannel: () => Promise<{ close(): void }>;
}

/**
 * Refuses connection-string options that would break the port's promises, read with the client's own parser:
 * `throwOnAppendFailure=false` makes a conflicting append resolve `{ success: false }` (append.js:100-116), and a
 * node preference other than the leader sends reads to a follower that may not have the latest events, while
 * commands must decide on the latest state (the client and the Rust bridge pick the leader by default).
 */
export function checkConnectionString(connectionString: string): void {
  const options = parseConnectionString(connectionString);
  if (options.throwOnAppendFailure === false) {
    throw new Error(
      'EVENTSTORE_URL sets throwOnAppendFailure=false, which turns a concurrency conflict into a silent success; remove it',
    );
  }
  if (options.nodePreference !== undefined && options.nodePreference !== LEADER) {
    throw new Error(
      `EVENTSTORE_URL sets nodePreference=${options.nodePreference}; commands must read from the leader: use nodePreference=leader`,
    );
  }
}

/** The real client behind the seam. */
export function connectKurrentClient(connectionString: string): KurrentClient {
  return wrapKurrentClient(KurrentDBClient.connectionString(connectionString));
}

/**
 * Adapts a KurrentDBClient (a real one, or one with a fake transport in tests). `dispose()` only cancels the
 * client's streams (Client/index.js:251-270); its gRPC channel stays open, so the channels it creates
 * (Client/index.js:337-351) are kept here and closed too. The Rust half has no close of its own: dropping the
 * client is all @kurrent/bridge 0.2.2 offers, and its threads do not keep the process alive.
 */
export function wrapKurrentClient(client: KurrentDBClient): KurrentClient {
  const internals = client as unknown as ClientInternals;
  const channels = new Set<{ close(): void }>();
  const createChannel = internals.createChannel;
  internals.createChannel = async () => {
    const channel = await createChannel();
    channels.add(channel);
    return channel;
  };
  return {
    appendToStream: (stream, events, options) => client.appendToStream(stream, events, options),
    readStream: (stream, options) => client.readStream(stream, options),
    readAll: (options) => client.readAll(options),
    subscribeToAll: (options) => client.subscribeToAll(options),
    getStreamMetadata: (stream, options) => client.getStreamMetadata(stream, options),
    serverFeatures: () => internals.capabilities,
    async close() {
      await client.dispose();
      // A channel the client already dropped after a failure is closed twice; grpc-js ignores the second.
      for (const channel of channels) channel.close();
      channels.clear();
    },
  };
}
