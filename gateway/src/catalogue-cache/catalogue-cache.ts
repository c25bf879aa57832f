import { LRUCache } from 'lru-cache';

/** A catalog answer as the gateway replays it: 200, the headers that matter and the exact bytes. */
export interface CachedAnswer {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /**
   * The ETag is the digest of the body (service-kit's contentEtag), so If-None-Match may be answered 304 from it;
   * false for a revision ETag, which never is (service-kit's conditional-get.ts says why).
   */
  readonly revalidatable: boolean;
}

/** Taken when a read goes to the catalog; an invalidation meanwhile makes it worthless for storing. */
export interface ReadTicket {
  readonly generation: number;
}

export type CacheRead =
  | { outcome: 'hit'; answer: CachedAnswer }
  | { outcome: 'miss'; ticket: ReadTicket }
  /** Invalidations may be missed (not subscribed) or the catalog may not show the latest yet (settling). */
  | { outcome: 'bypass' };

export interface CatalogueCacheSettings {
  maxEntries: number;
  /** Keys, bodies and kept headers together; an answer larger than this is not kept. */
  maxBytes: number;
  /** How long an answer is kept at most, in case an invalidation is lost anyway. */
  ttlMs: number;
  /**
   * After an invalidation, reads go to the catalog and are not stored for this long: its relay and its projection
   * follow the event store independently, so the event may arrive here before the catalog's answers show it.
   */
  settleMs: number;
}

export interface CatalogueCache {
  read(key: string): CacheRead;
  /** Keeps the answer unless an invalidation came after the ticket was taken; says whether it did. */
  store(ticket: ReadTicket, key: string, answer: CachedAnswer): boolean;
  /** The catalogue changed: forget every answer, and refuse the answers of reads already on their way. */
  invalidate(): void;
  /**
   * Whether the catalog's events reach the cache (the NATS subscription is registered). While they do not, the
   * cache is bypassed; each change clears it, since an event may have been missed in between.
   */
  setListening(listening: boolean): void;
}

/**
 * The gateway's cache of public catalogue reads (README "Catalogue cache"): one shared set of answers, since
 * visitors and customers see the same catalogue, cleared whole by any catalog event (products are few and writes
 * rare), bounded by entries and bytes, each answer kept at most `ttlMs` in case an invalidation is lost anyway.
 */
export function createCatalogueCache(
  settings: CatalogueCacheSettings,
  now: () => number = () => performance.now(),
): CatalogueCache {
  // lru-cache bounds entries and bytes; the TTL is checked here, on the same clock as the settling.
  const answers = new LRUCache<string, { answer: CachedAnswer; expiresAt: number }>({
    max: settings.maxEntries,
    maxSize: settings.maxBytes,
  });
  let generation = 0;
  let listening = false;
  let settledAt = Number.NEGATIVE_INFINITY;
  const invalidate = () => {
    generation += 1;
    answers.clear();
    settledAt = now() + settings.settleMs;
  };
  return {
    read(key) {
      if (!listening || now() < settledAt) return { outcome: 'bypass' };
      const kept = answers.get(key);
      if (kept !== undefined && kept.expiresAt > now()) return { outcome: 'hit', answer: kept.answer };
      if (kept !== undefined) answers.delete(key);
      return { outcome: 'miss', ticket: { generation } };
    },
    store(ticket, key, answer) {
      if (!listening || ticket.generation !== generation) return false;
      const size = sizeOf(key, answer);
      if (size > settings.maxBytes) return false;
      answers.set(key, { answer, expiresAt: now() + settings.ttlMs }, { size });
      return true;
    },
    invalidate,
    setListening(value) {
      invalidate();
      listening = value;
    },
  };
}

function sizeOf(key: string, answer: CachedAnswer): number {
  let size = key.length + answer.body.length;
  for (const [name, value] of Object.entries(answer.headers)) size += name.length + value.length;
  return size;
}
