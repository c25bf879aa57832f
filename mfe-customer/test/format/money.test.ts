import { describe, expect, it } from 'vitest';
import { formatUsd, sumAmounts, toAmount } from '../../src/format/money.js';

describe('money', () => {
  it('reads an amount given as a number or a numeric string (SPEC.md §3)', () => {
    expect(toAmount(12.5)).toBe(12.5);
    expect(toAmount('12.50')).toBe(12.5);
    expect(toAmount(' 7 ')).toBe(7);
  });

  it('counts anything that is not a finite number as 0', () => {
    expect(toAmount('abc')).toBe(0);
    expect(toAmount('')).toBe(0);
    expect(toAmount(null)).toBe(0);
    expect(toAmount(undefined)).toBe(0);
    expect(toAmount(Number.NaN)).toBe(0);
    expect(toAmount(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('sums in cents, so dollars with two decimals add up exactly', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([10.1, '20.2', 0.07])).toBe(30.37);
    expect(sumAmounts([])).toBe(0);
  });

  it('shows dollars to 2 decimals with thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1299)).toBe('$1,299.00');
    expect(formatUsd('49.5')).toBe('$49.50');
    expect(formatUsd(0.005)).toBe('$0.01');
  });
});
