import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/backoff.js';

const never = () => {
  throw new Error('an unjittered delay must not draw a random number');
};

describe('backoffDelay without jitter', () => {
  const policy = { baseMs: 100, maxMs: 5_000, jitter: false };

  it('starts at the base and doubles with each attempt', () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, policy, never))).toEqual([
      100, 200, 400, 800, 1_600, 3_200,
    ]);
  });

  it('stops at the cap and stays there, however many attempts', () => {
    expect(backoffDelay(6, policy, never)).toBe(5_000);
    expect(backoffDelay(31, policy, never)).toBe(5_000);
    expect(backoffDelay(10_000, policy, never)).toBe(5_000);
  });

  it('stays finite with no cap when the attempts run high', () => {
    const delay = backoffDelay(5_000, { baseMs: 1, maxMs: Infinity, jitter: false });
    expect(Number.isFinite(delay)).toBe(true);
    expect(delay).toBe(2 ** 30);
  });
});

describe('backoffDelay with jitter (the default)', () => {
  const policy = { baseMs: 200, maxMs: 30_000 };

  it('keeps to the upper half of the delay: half at random 0, all of it as random nears 1', () => {
    expect(backoffDelay(0, policy, () => 0)).toBe(100);
    expect(backoffDelay(0, policy, () => 0.5)).toBe(150);
    expect(backoffDelay(0, policy, () => 0.999_999)).toBe(200);
    expect(backoffDelay(3, policy, () => 0)).toBe(800);
    expect(backoffDelay(3, policy, () => 0.999_999)).toBe(1_600);
  });

  it('jitters below the cap once capped, never above it', () => {
    expect(backoffDelay(20, policy, () => 0)).toBe(15_000);
    expect(backoffDelay(20, policy, () => 0.999_999)).toBe(30_000);
  });

  it('draws whole milliseconds within the bounds with the real random source', () => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const ceiling = Math.min(30_000, 200 * 2 ** Math.min(attempt, 30));
      const delay = backoffDelay(attempt, policy);
      expect(Number.isInteger(delay)).toBe(true);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });
});

describe('backoffDelay refuses', () => {
  it('an attempt that is negative or not whole', () => {
    for (const attempt of [-1, 0.5, Number.NaN, Infinity]) {
      expect(() => backoffDelay(attempt, { baseMs: 100, maxMs: 1_000 })).toThrow(RangeError);
    }
  });
});
