/**
 * Remembers the ids of the identity tokens a process has accepted for as long as each token could still be
 * accepted, so the same token presented twice is refused the second time.
 *
 * In memory, per process: each replica of a service keeps its own set. The same request replayed to another
 * replica within the token's lifetime (60 s) is therefore not caught here; the request binding still limits a
 * captured token to repeating exactly the request it was minted for, and only for that minute.
 *
 * Only tokens with a valid signature get this far, so the set grows with real traffic alone (about one entry per
 * request of the last minute), never with an attacker's junk.
 */
export interface ReplayGuard {
  /** True the first time `tokenId` is seen (and remembers it until `acceptedUntil`, epoch ms); false after. */
  firstUse(tokenId: string, acceptedUntil: number): boolean;
  /** How many ids are remembered now; for tests and metrics. */
  readonly size: number;
}

export function createReplayGuard(now: () => number = Date.now): ReplayGuard {
  // Insertion order is roughly expiry order (every token lives about a minute), so pruning walks from the front.
  const seen = new Map<string, number>();

  function prune(at: number): void {
    for (const [id, until] of seen) {
      if (until > at) return;
      seen.delete(id);
    }
  }

  return {
    firstUse(tokenId, acceptedUntil) {
      const at = now();
      prune(at);
      const known = seen.get(tokenId);
      if (known !== undefined && known > at) return false;
      seen.set(tokenId, acceptedUntil);
      return true;
    },
    get size() {
      return seen.size;
    },
  };
}
