import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryUntilAborted } from '../src/retry-until-aborted.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const backoff = { baseMs: 100, maxMs: 1_000 };

/** An attempt that fails `failures` times with the errors given, then answers 'done'. */
function failingTimes(failures: number, error: () => unknown = () => new Error('down')) {
  const startedAt: number[] = [];
  return {
    startedAt,
    attempt: async () => {
      startedAt.push(Date.now());
      if (startedAt.length <= failures) throw error();
      return 'done';
    },
  };
}

/** Retries `attempt` with no abort and no failure log, running every timer, and answers what it ended with. */
async function retriedToTheEnd(attempt: () => Promise<string>) {
  const running = retryUntilAborted(attempt, {
    backoff,
    signal: new AbortController().signal,
    onFailure: () => undefined,
  });
  await vi.runAllTimersAsync();
  return running;
}

describe('retryUntilAborted', () => {
  it('answers the first success without waiting', async () => {
    const onFailure = vi.fn();
    const result = await retryUntilAborted(async () => 'done', {
      backoff,
      signal: new AbortController().signal,
      onFailure,
    });
    expect(result).toBe('done');
    expect(onFailure).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits the capped, jittered backoff after each failure and reports each one with its attempt', async () => {
    const work = failingTimes(6);
    const failures: Array<[string, number]> = [];
    const started = Date.now();
    const running = retryUntilAborted(work.attempt, {
      backoff,
      signal: new AbortController().signal,
      onFailure: (error, attempt) => failures.push([(error as Error).message, attempt]),
      random: () => 0,
    });
    await vi.runAllTimersAsync();

    await expect(running).resolves.toBe('done');
    expect(failures).toEqual([0, 1, 2, 3, 4, 5].map((attempt) => ['down', attempt]));
    // random 0 draws half of each delay: 100, 200, 400, 800, then the 1 s cap.
    const gaps = work.startedAt.map((at, index) => at - (work.startedAt[index - 1] ?? started));
    expect(gaps).toEqual([0, 50, 100, 200, 400, 500, 500]);
  });

  it('retries every kind of failure, a TypeError from a mapping bug included', async () => {
    const work = failingTimes(3, () => new TypeError("Cannot read properties of undefined (reading 'id')"));
    await expect(retriedToTheEnd(work.attempt)).resolves.toBe('done');
    expect(work.startedAt).toHaveLength(4);
  });

  it('goes on for as long as it takes, never waiting more than the cap', async () => {
    const work = failingTimes(200);
    await expect(retriedToTheEnd(work.attempt)).resolves.toBe('done');
    const gaps = work.startedAt.slice(1).map((at, index) => at - (work.startedAt[index] as number));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1_000);
  });

  it('answers undefined when the signal aborts during a wait, without another attempt', async () => {
    const stopping = new AbortController();
    const work = failingTimes(Infinity);
    const running = retryUntilAborted(work.attempt, {
      backoff,
      signal: stopping.signal,
      onFailure: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(10);
    stopping.abort();
    await expect(running).resolves.toBeUndefined();
    expect(work.startedAt).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets an attempt under way when the signal aborts finish, and keeps its success', async () => {
    const stopping = new AbortController();
    const result = await retryUntilAborted(
      async () => {
        stopping.abort();
        return 'published';
      },
      { backoff, signal: stopping.signal, onFailure: () => undefined },
    );
    expect(result).toBe('published');
  });

  it('still makes the first attempt on a signal that has already aborted, and no second', async () => {
    const work = failingTimes(1);
    const result = await retryUntilAborted(work.attempt, {
      backoff,
      signal: AbortSignal.abort(),
      onFailure: () => undefined,
    });
    expect(result).toBeUndefined();
    expect(work.startedAt).toHaveLength(1);
  });
});
