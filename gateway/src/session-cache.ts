import type { Caller } from './access.js';

export interface SessionCacheOptions {
  ttlMs: number;
  now: () => number;
  maxEntries?: number;
}

/** What a resolve started at, so its answer is dropped if a sign-out or user change happened meanwhile. */
export type CacheTicket = number;

export interface SessionCache {
  /** The cached answer; undefined when there is none or it expired. */
  get(sessionId: string): Caller | null | undefined;
  /** Take one before asking identity, and pass it to `set`. */
  ticket(): CacheTicket;
  /** `until` (epoch ms) shortens the entry's life below the TTL: a view as a customer ends at its expiry. */
  set(sessionId: string, caller: Caller | null, ticket: CacheTicket, until?: number): void;
  forgetSession(sessionId: string): void;
  forgetUser(userId: string): void;
  readonly size: number;
}

/**
 * Session id → who it belongs to (or null: unknown cookie), each for `ttlMs`, with an index by user so one
 * user's sessions can all be dropped when identity says the user changed. An answer resolved from identity is
 * stored only if nothing was forgotten while it was on its way: it may describe the user before the change.
 */
export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { caller: Caller | null; until: number }>();
  const byUser = new Map<string, Set<string>>();
  let generation = 0;

  function remove(sessionId: string): void {
    const entry = entries.get(sessionId);
    entries.delete(sessionId);
    for (const userId of usersOf(entry?.caller ?? null)) {
      const sessions = byUser.get(userId);
      sessions?.delete(sessionId);
      if (sessions?.size === 0) byUser.delete(userId);
    }
  }

  return {
    get(sessionId: string): Caller | null | undefined {
      const entry = entries.get(sessionId);
      if (entry === undefined) return undefined;
      if (entry.until > options.now()) return entry.caller;
      remove(sessionId);
      return undefined;
    },

    ticket(): CacheTicket {
      return generation;
    },

    set(sessionId: string, caller: Caller | null, ticket: CacheTicket, until?: number): void {
      if (ticket !== generation || options.ttlMs === 0) return;
      remove(sessionId);
      if (entries.size >= maxEntries) {
        entries.clear();
        byUser.clear();
      }
      const expires = options.now() + options.ttlMs;
      entries.set(sessionId, { caller, until: until === undefined ? expires : Math.min(until, expires) });
      for (const userId of usersOf(caller)) {
        const sessions = byUser.get(userId) ?? new Set<string>();
        sessions.add(sessionId);
        byUser.set(userId, sessions);
      }
    },

    forgetSession(sessionId: string): void {
      generation += 1;
      remove(sessionId);
    },

    forgetUser(userId: string): void {
      generation += 1;
      for (const sessionId of byUser.get(userId) ?? []) entries.delete(sessionId);
      byUser.delete(userId);
    },

    get size(): number {
      return entries.size;
    },
  };
}

/** Whose change makes an answer stale: the caller's, and in a view as a customer the admin's too. */
function usersOf(caller: Caller | null): string[] {
  if (caller === null) return [];
  return caller.actor === undefined ? [caller.userId] : [caller.userId, caller.actor.userId];
}
