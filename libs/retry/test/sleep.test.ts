import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../src/sleep.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` has settled, after letting pending callbacks run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('sleep', () => {
  it('waits the whole delay when nothing aborts it', async () => {
    const waiting = sleep(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('ends at once when the signal aborts, resolving rather than rejecting, and leaves no timer', async () => {
    const stopping = new AbortController();
    const waiting = sleep(60_000, stopping.signal);
    await vi.advanceTimersByTimeAsync(10);
    stopping.abort(new Error('stopping'));
    await expect(waiting).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait at all on a signal that has already aborted', async () => {
    const waiting = sleep(60_000, AbortSignal.abort());
    expect(await settled(waiting)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('removes its abort listener when the delay runs out, so a long-lived signal gathers none', async () => {
    const stopping = new AbortController();
    for (let round = 0; round < 5; round += 1) {
      const waiting = sleep(10, stopping.signal);
      await vi.advanceTimersByTimeAsync(10);
      await waiting;
    }
    expect(getEventListeners(stopping.signal, 'abort')).toHaveLength(0);
  });
});
