import { describe, expect, it } from 'vitest';
import { formatUsd, sumAmounts, toAmount } from '../src/index.js';

describe('money', () => {
  it('reads an amount given as a number or a numeric string (SPEC.md §3)', () => {
    expect(toAmount(12.5)).toBe(12.5);
    expect(toAmount('12.50')).toBe(12.5);
    expect(toAmount(' 7 ')).toBe(7);
    expect(toAmount('-3.25')).toBe(-3.25);
  });

  it('counts anything that is not a finite number as 0', () => {
    expect(toAmount('abc')).toBe(0);
    expect(toAmount('')).toBe(0);
    expect(toAmount('   ')).toBe(0);
    expect(toAmount(null)).toBe(0);
    expect(toAmount(undefined)).toBe(0);
    expect(toAmount(Number.NaN)).toBe(0);
    expect(toAmount(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('sums in cents, so dollars with two decimals add up exactly', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([10.1, '20.2', 0.07])).toBe(30.37);
    expect(sumAmounts([19.99, 19.99, 19.99])).toBe(59.97);
    expect(sumAmounts([5, -7.5])).toBe(-2.5);
    expect(sumAmounts([])).toBe(0);
  });

  it('shows zero and whole dollars with two decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(29)).toBe('$29.00');
  });

  it('shows cents to two decimals, rounding half a cent up', () => {
    expect(formatUsd(19.99)).toBe('$19.99');
    expect(formatUsd('49.5')).toBe('$49.50');
    expect(formatUsd(0.01)).toBe('$0.01');
    expect(formatUsd(0.005)).toBe('$0.01');
    expect(formatUsd(0.004)).toBe('$0.00');
  });

  it('separates thousands and millions with commas', () => {
    expect(formatUsd(999.99)).toBe('$999.99');
    expect(formatUsd(1299)).toBe('$1,299.00');
    expect(formatUsd('1000000')).toBe('$1,000,000.00');
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
  });

  it('puts the minus sign before the dollar sign', () => {
    expect(formatUsd(-5)).toBe('-$5.00');
    expect(formatUsd('-1299.5')).toBe('-$1,299.50');
  });

  it('shows $0.00 for an amount that is not a number rather than $NaN', () => {
    expect(formatUsd(Number.NaN)).toBe('$0.00');
    expect(formatUsd('n/a')).toBe('$0.00');
    expect(formatUsd(null)).toBe('$0.00');
  });
});
