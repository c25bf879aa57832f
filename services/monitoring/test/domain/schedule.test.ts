import { describe, expect, it } from 'vitest';
import { claimHoldMs, nextCycleDelayMs, retryDelayMs } from '../../src/domain/scrape/schedule.js';

describe('claimHoldMs', () => {
  it('holds a claim for nine tenths of the interval, shorter than the wait for the next cycle', () => {
    expect(claimHoldMs(300_000)).toBe(270_000);
    for (const interval of [1_000, 60_000, 300_000]) {
      expect(claimHoldMs(interval)).toBeLessThan(nextCycleDelayMs(interval, 0, 0));
    }
  });
});

describe('nextCycleDelayMs', () => {
  it('waits out the rest of the interval plus up to 10 % of it, at most 30 s', () => {
    expect(nextCycleDelayMs(300_000, 20_000, 0)).toBe(280_000);
    expect(nextCycleDelayMs(300_000, 20_000, 0.5)).toBe(295_000);
    expect(nextCycleDelayMs(60_000, 0, 0.999)).toBe(65_994);
  });

  it('starts at once (plus jitter) after a cycle that took longer than the interval', () => {
    expect(nextCycleDelayMs(300_000, 400_000, 0)).toBe(0);
  });
});

describe('retryDelayMs', () => {
  it('doubles per attempt, keeping at least half of it', () => {
    expect(retryDelayMs(1, 1_000, 0)).toBe(500);
    expect(retryDelayMs(1, 1_000, 1)).toBe(1_000);
    expect(retryDelayMs(3, 1_000, 0)).toBe(2_000);
  });
});
