export interface CacheLimits {
  maxEntries: number;
  /** The entries' sizes together, as given to set(). */
  maxBytes: number;
  ttlMs: number;
}

export interface BoundedCache<Value> {
  /** The value, unless it has expired or was evicted; counts as a use. */
  get(key: string): Value | undefined;
  /** Stores the value; the least recently used entries go until the cache is within its limits again. */
  set(key: string, value: Value, size: number): void;
  clear(): void;
  readonly entries: number;
  readonly bytes: number;
}

/**
 * A least-recently-used cache bounded by entry count and by bytes, each entry expiring `ttlMs` after it was stored.
 * A Map keeps insertion order, and a use moves the entry to the end, so the first key is always the one to evict.
 */
export function boundedCache<Value>(limits: CacheLimits, now: () => number): BoundedCache<Value> {
  const stored = new Map<string, { value: Value; size: number; expiresAt: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = stored.get(key);
    if (entry === undefined) return;
    stored.delete(key);
    bytes -= entry.size;
  };
  return {
    get(key) {
      const entry = stored.get(key);
      if (entry === undefined) return undefined;
      stored.delete(key);
      if (entry.expiresAt <= now()) {
        bytes -= entry.size;
        return undefined;
      }
      stored.set(key, entry);
      return entry.value;
    },
    set(key, value, size) {
      remove(key);
      if (size > limits.maxBytes) return;
      stored.set(key, { value, size, expiresAt: now() + limits.ttlMs });
      bytes += size;
      while (stored.size > limits.maxEntries || bytes > limits.maxBytes) {
        const oldest = stored.keys().next();
        if (oldest.done === true) break;
        remove(oldest.value);
      }
    },
    clear() {
      stored.clear();
      bytes = 0;
    },
    get entries() {
      return stored.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
