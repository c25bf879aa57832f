import { describe, expect, it } from 'vitest';
import { daysAfter, monthsAfter } from '../../src/domain/invoice/billing-period.js';
import {
  currentPeriod,
  latestBilledCycleStarts,
  nextAnniversaryAfter,
  periodOf,
  renewalCycle,
  restartsCycle,
} from '../../src/domain/renewal/renewal-cycle.js';

describe('months after an anchor', () => {
  it.each([
    ['2026-01-31T09:00:00.000Z', 1, '2026-02-28T09:00:00.000Z'],
    ['2026-01-31T09:00:00.000Z', 2, '2026-03-31T09:00:00.000Z'],
    ['2026-01-31T09:00:00.000Z', 3, '2026-04-30T09:00:00.000Z'],
    ['2026-01-31T09:00:00.000Z', 13, '2027-02-28T09:00:00.000Z'],
    ['2027-12-31T23:30:00.000Z', 2, '2028-02-29T23:30:00.000Z'],
    ['2026-01-29T00:00:00.000Z', 1, '2026-02-28T00:00:00.000Z'],
    ['2026-03-30T12:00:00.000Z', 11, '2027-02-28T12:00:00.000Z'],
    ['2026-05-15T06:00:00.000Z', 0, '2026-05-15T06:00:00.000Z'],
  ])(
    '%s + %i months is %s, counted from the anchor so a short month does not stick',
    (anchor, n, expected) => {
      expect(monthsAfter(anchor, n)).toBe(expected);
    },
  );

  it('adds whole days in UTC', () => {
    expect(daysAfter('2026-02-28T09:00:00.000Z', 1)).toBe('2026-03-01T09:00:00.000Z');
    expect(daysAfter('2026-03-31T09:00:00.000Z', -45)).toBe('2026-02-14T09:00:00.000Z');
  });
});

describe('a subscription’s renewal cycle', () => {
  const policy = { trialDays: 14 };
  const paid = renewalCycle({ cycleStart: '2026-01-31T09:00:00.000Z', cycleTrial: false }, policy);

  it('bills from the first anniversary when the first month was paid or granted', () => {
    expect(paid).toEqual({ anchor: '2026-01-31T09:00:00.000Z', firstBilledPeriod: 1 });
    expect(currentPeriod(paid, '2026-02-28T08:59:59.999Z')).toBeNull();
    expect(currentPeriod(paid, '2026-02-28T09:00:00.000Z')).toEqual({
      index: 1,
      start: '2026-02-28T09:00:00.000Z',
      end: '2026-03-31T09:00:00.000Z',
    });
    expect(currentPeriod(paid, '2026-03-30T00:00:00.000Z')?.index).toBe(1);
    expect(currentPeriod(paid, '2026-04-30T09:00:00.000Z')).toEqual(periodOf(paid, 3));
  });

  it('bills a trial from its end, period 0 first', () => {
    const trial = renewalCycle({ cycleStart: '2026-01-10T12:00:00.000Z', cycleTrial: true }, policy);
    expect(trial).toEqual({ anchor: '2026-01-24T12:00:00.000Z', firstBilledPeriod: 0 });
    expect(currentPeriod(trial, '2026-01-24T11:00:00.000Z')).toBeNull();
    expect(currentPeriod(trial, '2026-01-24T12:00:00.000Z')).toEqual({
      index: 0,
      start: '2026-01-24T12:00:00.000Z',
      end: '2026-02-24T12:00:00.000Z',
    });
  });

  it('finds the next anniversary strictly after a moment, never before billing begins', () => {
    expect(nextAnniversaryAfter(paid, '2026-03-05T09:00:00.000Z')).toBe('2026-03-31T09:00:00.000Z');
    expect(nextAnniversaryAfter(paid, '2026-03-31T09:00:00.000Z')).toBe('2026-04-30T09:00:00.000Z');
    expect(nextAnniversaryAfter(paid, '2026-01-31T10:00:00.000Z')).toBe('2026-02-28T09:00:00.000Z');
    expect(nextAnniversaryAfter(paid, '2025-12-01T00:00:00.000Z')).toBe('2026-02-28T09:00:00.000Z');
  });

  it('starts afresh only when a cancelled subscription is made active again', () => {
    expect(restartsCycle('cancelled', 'active')).toBe(true);
    expect(restartsCycle('suspended', 'active')).toBe(false);
    expect(restartsCycle('trial', 'active')).toBe(false);
    expect(restartsCycle('active', 'cancelled')).toBe(false);
  });
});

describe('the latest cycle starts billed by a moment', () => {
  const policy = { trialDays: 14 };
  // Later starts, up to the three days a short month clamps together (Jan 29, 30 and 31 all renew on Feb 28).
  const laterBy = [1, 3_600_000, 86_400_000, 2 * 86_400_000, 3 * 86_400_000];
  const billed = (cycleStart: string, cycleTrial: boolean, now: string) =>
    currentPeriod(renewalCycle({ cycleStart, cycleTrial }, policy), now) !== null;

  it('leaves no billed period to any cycle that started later, through short months and a leap year', () => {
    for (let day = 0; day < 3 * 366; day += 1) {
      const now = daysAfter('2026-01-01T09:00:00.000Z', day);
      const { trial, paid } = latestBilledCycleStarts(now, policy);
      for (const ms of laterBy) {
        const after = (iso: string) => new Date(Date.parse(iso) + ms).toISOString();
        expect(billed(after(trial), true, now)).toBe(false);
        expect(billed(after(paid), false, now)).toBe(false);
      }
      expect(billed(trial, true, now)).toBe(true);
    }
  });

  it('is the very start a February anniversary bills, for a cycle that did not open with a trial', () => {
    const { paid } = latestBilledCycleStarts('2026-02-28T09:00:00.000Z', policy);
    expect(paid).toBe('2026-01-31T09:00:00.000Z');
    expect(billed(paid, false, '2026-02-28T09:00:00.000Z')).toBe(true);
  });
});
