import {
  CancelledError,
  convertToCommandError,
  NotLeaderError,
  UnavailableError,
} from '@kurrent/kurrentdb-client';
import type { EventStoreLogger } from '../event-store.js';
import type { KurrentClient } from './kurrent-client.js';

/** Replacing a client costs a new connection; a store that keeps failing the same way gets one a few seconds. */
const minimumReplaceIntervalMs = 5_000;

export interface ClientHolderOptions {
  connect: () => KurrentClient;
  logger?: EventStoreLogger;
  now?: () => number;
}

/**
 * Keeps the adapter's client and replaces it when it has wedged itself: the client fetches the server's features
 * once and keeps the answer, a failure included, and asks again only after an UnavailableError, a
 * CancelledError or a NotLeaderError (Client/index.js:300-328, 450-456). Any other failure there (a deadline at
 * start-up, an access error while credentials rotate) would fail every append until the process restarts. A
 * replaced client keeps serving the subscriptions it has and is closed with the store.
 */
export class ClientHolder {
  #current: KurrentClient;
  readonly #retired: KurrentClient[] = [];
  #replacedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ClientHolderOptions) {
    this.#current = options.connect();
  }

  get current(): KurrentClient {
    return this.#current;
  }

  /** After a call on `client` failed: replaces the client if it keeps a features failure it will not drop. */
  async recoverFrom(client: KurrentClient): Promise<void> {
    if (client !== this.#current) return;
    const kept = await client.serverFeatures().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (kept === undefined || clientAsksAgain(kept)) return;
    const now = (this.options.now ?? Date.now)();
    if (now - this.#replacedAt < minimumReplaceIntervalMs) return;
    this.#replacedAt = now;
    this.#retired.push(client);
    this.#current = this.options.connect();
    this.options.logger?.warn(
      { err: kept },
      'KurrentDB client kept a failed server-features answer that would fail every append; replaced the client',
    );
  }

  async close(): Promise<void> {
    const clients = [this.#current, ...this.#retired.splice(0)];
    await Promise.all(clients.map((client) => client.close()));
  }
}

/** The client's own test for dropping the kept answer (Client/index.js:300-311). */
function clientAsksAgain(error: unknown): boolean {
  const converted = error instanceof Error ? convertToCommandError(error) : error;
  return (
    converted instanceof UnavailableError ||
    converted instanceof CancelledError ||
    converted instanceof NotLeaderError
  );
}
