import type { NatsConnection } from '@nats-io/transport-node';
import { catalogStream } from '@app/contracts';
import type { CatalogueCache } from './catalogue-cache.js';

export interface CatalogueEventsLogger {
  warn(object: object, message: string): void;
}

export interface CatalogueEventWatch {
  /** Resolves once the subscription is registered with the server; the cache is used from then on. */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Clears the catalogue cache on every catalog event (any subject of the CATALOG stream, under NATS_PREFIX; the
 * payload is not even read). A plain core-NATS subscription, as for identity's user events (user-events.ts): the
 * relay's JetStream publishes are ordinary messages to it. Unlike there, a missed event would leave the cache
 * wrong until its TTL, so the cache is used only while the subscription is known to be registered: not before
 * ready(), not from a disconnect until the server has the subscription again after the reconnect.
 */
export function watchCatalogueEvents(options: {
  nats: NatsConnection;
  /** NATS_PREFIX, as the catalog's relay uses it. */
  prefix: string;
  cache: CatalogueCache;
  logger: CatalogueEventsLogger;
}): CatalogueEventWatch {
  const { nats, cache } = options;
  const subjects = catalogStream.subjects.map((subject) =>
    options.prefix ? `${options.prefix}.${subject}` : subject,
  );
  const subscriptions = subjects.map((subject) =>
    nats.subscribe(subject, { callback: () => cache.invalidate() }),
  );
  // Counts connection changes, so a flush that completes after a newer disconnect cannot switch the cache back on.
  let connection = 0;
  let stopped = false;
  const listenOnceRegistered = async () => {
    const current = connection;
    try {
      // The server answers a flush after it has processed everything sent before it, subscriptions included.
      await nats.flush();
    } catch (error) {
      options.logger.warn(
        { err: error },
        'Catalogue cache stays bypassed: NATS did not confirm the subscription',
      );
      return;
    }
    if (!stopped && current === connection) cache.setListening(true);
  };
  const watchConnection = async () => {
    // Ends when the connection closes.
    for await (const status of nats.status()) {
      if (stopped) return;
      if (status.type === 'disconnect' || status.type === 'close') {
        connection += 1;
        cache.setListening(false);
      } else if (status.type === 'reconnect') {
        connection += 1;
        void listenOnceRegistered();
      } else if (status.type === 'slowConsumer' && subscriptions.includes(status.sub)) {
        // Messages were dropped on the client, possibly an invalidation.
        cache.invalidate();
      }
    }
  };
  watchConnection().catch((error: unknown) => {
    cache.setListening(false);
    options.logger.warn({ err: error }, 'Catalogue cache bypassed: lost track of the NATS connection');
  });
  return {
    ready: listenOnceRegistered,
    stop: async () => {
      stopped = true;
      cache.setListening(false);
      await Promise.all(subscriptions.map((subscription) => subscription.drain()));
    },
  };
}
