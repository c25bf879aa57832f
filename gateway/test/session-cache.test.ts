import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../src/session-cache.js';

const ann = { userId: 'u-ann', role: 'tenant' as const };
const bob = { userId: 'u-bob', role: 'admin' as const };

function cacheAt(start = 0) {
  let now = start;
  const cache = createSessionCache({ ttlMs: 1_000, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('the session cache', () => {
  it('answers for ttlMs, unknown cookies included, then not', () => {
    const { cache, advance } = cacheAt();
    cache.set('s-ann', ann, cache.ticket());
    cache.set('s-junk', null, cache.ticket());
    expect(cache.get('s-ann')).toEqual(ann);
    expect(cache.get('s-junk')).toBeNull();
    expect(cache.get('s-other')).toBeUndefined();
    advance(1_000);
    expect(cache.get('s-ann')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("forgets all of one user's sessions and only theirs", () => {
    const { cache } = cacheAt();
    for (const [session, caller] of [
      ['s-ann-1', ann],
      ['s-ann-2', ann],
      ['s-bob', bob],
    ] as const) {
      cache.set(session, caller, cache.ticket());
    }
    cache.forgetUser('u-ann');
    expect(cache.get('s-ann-1')).toBeUndefined();
    expect(cache.get('s-ann-2')).toBeUndefined();
    expect(cache.get('s-bob')).toEqual(bob);
    cache.forgetSession('s-bob');
    expect(cache.size).toBe(0);
  });

  it('does not store an answer that was on its way while something was forgotten', () => {
    const { cache } = cacheAt();
    const beforeRoleChange = cache.ticket();
    cache.forgetUser('u-ann');
    cache.set('s-ann', ann, beforeRoleChange);
    expect(cache.get('s-ann')).toBeUndefined();

    const beforeSignOut = cache.ticket();
    cache.forgetSession('s-ann');
    cache.set('s-ann', ann, beforeSignOut);
    expect(cache.get('s-ann')).toBeUndefined();

    cache.set('s-ann', ann, cache.ticket());
    expect(cache.get('s-ann')).toEqual(ann);
  });
});
