import { describe, expect, it } from 'vitest';
import {
  createCatalogueCache,
  type CachedAnswer,
  type CacheRead,
  type CatalogueCacheSettings,
} from '../src/catalogue-cache/catalogue-cache.js';

const settings: CatalogueCacheSettings = {
  maxEntries: 100,
  maxBytes: 100_000,
  ttlMs: 60_000,
  settleMs: 1_000,
};

function answer(text: string): CachedAnswer {
  return { headers: { 'content-type': 'application/json' }, body: Buffer.from(text), revalidatable: true };
}

/** A cache on a clock the test moves, listening and past its first settling. */
function listeningCache(overrides: Partial<CatalogueCacheSettings> = {}) {
  let time = 0;
  const cache = createCatalogueCache({ ...settings, ...overrides }, () => time);
  cache.setListening(true);
  const clock = { advance: (ms: number) => void (time += ms) };
  clock.advance(settings.settleMs);
  return { cache, clock };
}

function ticketOf(read: CacheRead) {
  if (read.outcome !== 'miss') throw new Error(`expected a miss, got ${read.outcome}`);
  return read.ticket;
}

describe('the catalogue cache', () => {
  it('answers a stored read until its TTL', () => {
    const { cache, clock } = listeningCache();
    expect(cache.store(ticketOf(cache.read('/api/products')), '/api/products', answer('[1]'))).toBe(true);
    clock.advance(settings.ttlMs - 1);
    expect(cache.read('/api/products')).toEqual({ outcome: 'hit', answer: answer('[1]') });
    clock.advance(1);
    expect(cache.read('/api/products').outcome).toBe('miss');
  });

  it('keys by the full path and query', () => {
    const { cache } = listeningCache();
    cache.store(ticketOf(cache.read('/api/products?q=a')), '/api/products?q=a', answer('[1]'));
    expect(cache.read('/api/products?q=a').outcome).toBe('hit');
    expect(cache.read('/api/products?q=b').outcome).toBe('miss');
    expect(cache.read('/api/products').outcome).toBe('miss');
  });

  it('forgets everything on an invalidation, and stores nothing during the settling that follows', () => {
    const { cache, clock } = listeningCache();
    cache.store(ticketOf(cache.read('/a')), '/a', answer('a'));
    cache.invalidate();
    expect(cache.read('/a').outcome).toBe('bypass');
    clock.advance(settings.settleMs);
    expect(cache.read('/a').outcome).toBe('miss');
  });

  it('refuses the answer of a read that an invalidation overtook', () => {
    const { cache, clock } = listeningCache({ settleMs: 0 });
    const ticket = ticketOf(cache.read('/a'));
    cache.invalidate();
    clock.advance(1);
    expect(cache.store(ticket, '/a', answer('stale'))).toBe(false);
    expect(cache.read('/a').outcome).toBe('miss');
  });

  it('is bypassed until it listens, and again from when it stops, forgetting what it held', () => {
    let time = 0;
    const cache = createCatalogueCache({ ...settings, settleMs: 0 }, () => time);
    expect(cache.read('/a').outcome).toBe('bypass');
    cache.setListening(true);
    const ticket = ticketOf(cache.read('/a'));
    cache.store(ticket, '/a', answer('a'));
    const racing = ticketOf(cache.read('/b'));
    cache.setListening(false);
    expect(cache.read('/a').outcome).toBe('bypass');
    expect(cache.store(racing, '/b', answer('b'))).toBe(false);
    cache.setListening(true);
    time += 1;
    expect(cache.read('/a').outcome).toBe('miss');
  });
});

describe('the bounds', () => {
  it('lets the least recently used answer go beyond its entry count', () => {
    const { cache } = listeningCache({ maxEntries: 2 });
    for (const key of ['/a', '/b']) cache.store(ticketOf(cache.read(key)), key, answer(key));
    expect(cache.read('/a').outcome).toBe('hit');
    cache.store(ticketOf(cache.read('/c')), '/c', answer('/c'));
    expect(['/a', '/b', '/c'].map((key) => cache.read(key).outcome)).toEqual(['hit', 'miss', 'hit']);
  });

  it('lets answers go until their bytes fit, and never keeps one larger than all of them', () => {
    const size = '/x'.length + 40 + 'content-type'.length + 'application/json'.length;
    const { cache } = listeningCache({ maxBytes: size * 2 });
    for (const key of ['/a', '/b', '/c']) cache.store(ticketOf(cache.read(key)), key, answer('x'.repeat(40)));
    expect(['/a', '/b', '/c'].map((key) => cache.read(key).outcome)).toEqual(['miss', 'hit', 'hit']);
    expect(cache.store(ticketOf(cache.read('/huge')), '/huge', answer('x'.repeat(size * 2)))).toBe(false);
    expect(cache.read('/huge').outcome).toBe('miss');
  });
});
