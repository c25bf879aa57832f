import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamName, type Position } from '../../src/event-store.js';
import { HeadTracker, unfollowedHeadTtlMs } from '../../src/kurrentdb/head-tracker.js';
import { freshCategory, newEvent } from '../event-store-contract.js';
import { jsonBytes } from './fake-log.js';
import { fakeKurrentStore, writeRaw } from './kurrent-fixtures.js';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

function tracker(newest: Record<string, Position | 'start'>) {
  let now = 0;
  const reads: string[] = [];
  const resolvers: Array<() => void> = [];
  const heads = new HeadTracker({
    now: () => now,
    readNewest: (category) => {
      reads.push(category);
      return new Promise((resolve) => resolvers.push(() => resolve(newest[category] ?? 'start')));
    },
  });
  const settle = () => resolvers.splice(0).forEach((resolve) => resolve());
  return { heads, reads, settle, advance: (ms: number) => (now += ms) };
}

describe('HeadTracker', () => {
  it('shares a read in flight instead of starting another', async () => {
    const { heads, reads, settle } = tracker({ a: at(5) });
    const both = Promise.all([heads.head(['a']), heads.head(['a'])]);
    settle();
    expect(await both).toEqual([at(5), at(5)]);
    expect(reads).toEqual(['a']);
  });

  it('reads an unfollowed category again once its answer is older than the TTL', async () => {
    const { heads, reads, settle, advance } = tracker({ a: at(5) });
    const first = heads.head(['a']);
    settle();
    await first;
    advance(unfollowedHeadTtlMs - 1);
    expect(await heads.head(['a'])).toEqual(at(5));
    advance(1);
    const again = heads.head(['a']);
    settle();
    await again;
    expect(reads).toEqual(['a', 'a']);
  });

  it('does not read a followed category again, and takes its head from the events noted', async () => {
    const { heads, reads, settle, advance } = tracker({ a: at(5), b: at(9) });
    const unfollow = heads.follow(['a']);
    const first = heads.head(['a', 'b']);
    settle();
    expect(await first).toEqual(at(9));
    heads.noteEvent('a', at(12));
    advance(60_000);
    const later = heads.head(['a']);
    settle();
    expect(await later).toEqual(at(12));
    expect(reads).toEqual(['a', 'b']);
    unfollow();
    const unfollowed = heads.head(['a']);
    settle();
    expect(await unfollowed).toEqual(at(12));
    expect(reads).toEqual(['a', 'b', 'a']);
  });

  it('keeps an event noted while the read was in flight when the read found an older one', async () => {
    const { heads, settle } = tracker({ a: at(5) });
    const head = heads.head(['a']);
    heads.noteEvent('a', at(7));
    settle();
    expect(await head).toEqual(at(7));
  });
});

describe('KurrentDB head and backlog for readiness', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('stops reading $all for the head once a live subscription follows the categories', async () => {
    const { store, server } = fakeKurrentStore();
    opened.push(store);
    const category = freshCategory();
    const anotherWriter = () =>
      writeRaw(server, streamName(category, uuidv7()), { data: jsonBytes({ n: 1 }) });
    const readsOfAll = () => server.bridge.reads.filter((read) => read.stream === '$all').length;
    await store.append(streamName(category, uuidv7()), [newEvent()], 'no_stream');

    const controller = new AbortController();
    const live = store
      .subscribe({ from: 'start', categories: [category], signal: controller.signal })
      [Symbol.asyncIterator]();
    try {
      await live.next();
      // Written once the call is live, so it reaches the client after the server's caught-up message.
      const second = anotherWriter();
      await live.next();
      expect(await store.headPosition([category])).toEqual(second.position);
      const readsOnceFollowed = readsOfAll();

      // Readiness keeps asking, long after a head read from the log would have gone stale.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 60_000);
      const third = anotherWriter();
      await live.next();
      for (let probe = 0; probe < 5; probe += 1) {
        expect(await store.headPosition([category])).toEqual(third.position);
        expect(await store.backlog({ after: third.position, categories: [category], limit: 100 })).toEqual({
          events: 0,
          firstRecordedAt: null,
        });
      }
      expect(readsOfAll()).toBe(readsOnceFollowed);
    } finally {
      vi.useRealTimers();
      controller.abort();
      await live.return?.();
    }
  });

  it('reads when the first event after a stuck checkpoint was recorded once, while the checkpoint stays put', async () => {
    const { store, server } = fakeKurrentStore();
    opened.push(store);
    const category = freshCategory();
    server.log.now = () => Date.UTC(2026, 10, 20, 9, 30, 15, 250);
    const stuckAt = (await store.append(streamName(category, uuidv7()), [newEvent()], 'no_stream')).position;
    server.log.now = () => Date.UTC(2026, 10, 20, 9, 31, 2, 600);
    await store.append(streamName(category, uuidv7()), [newEvent()], 'no_stream');
    const readsOfAll = () => server.bridge.reads.filter((read) => read.stream === '$all').length;

    for (let probe = 0; probe < 3; probe += 1) {
      expect(await store.backlog({ after: stuckAt, categories: [category], limit: 100 })).toEqual({
        events: null,
        firstRecordedAt: new Date(Date.UTC(2026, 10, 20, 9, 31, 2)),
      });
    }
    // One for the head, one for the first event after the checkpoint; no more however often readiness asks.
    expect(readsOfAll()).toBe(2);
  });
});
