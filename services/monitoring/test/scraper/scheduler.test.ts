import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScrapeScheduler } from '../../src/scraper/scheduler.js';
import { silentLogger } from '@app/test-support';

afterEach(() => {
  vi.useRealTimers();
});

describe('startScrapeScheduler', () => {
  it('runs a cycle after the jitter, then every interval plus jitter, never two at once', async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    let finish: () => void = () => undefined;
    const scheduler = startScrapeScheduler({
      intervalMs: 60_000,
      random: () => 0.5,
      logger: silentLogger,
      runCycle: () => {
        started.push(Date.now());
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const origin = Date.now();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([origin + 3_000]);
    // The cycle runs past the interval: no second one starts meanwhile.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(started).toHaveLength(1);
    finish();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(started).toHaveLength(2);
    finish();
    await scheduler.stop();
  });

  it('goes on after a failed cycle, and stop() waits for the cycle under way and aborts it', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    let calls = 0;
    let finish: () => void = () => undefined;
    const scheduler = startScrapeScheduler({
      intervalMs: 10_000,
      random: () => 0,
      logger: silentLogger,
      runCycle: (signal) => {
        calls += 1;
        signals.push(signal);
        if (calls === 1) return Promise.reject(new Error('tenancy unreachable'));
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(2);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(signals[1]?.aborted).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
  });
});
