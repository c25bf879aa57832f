import { describe, expect, it } from 'vitest';
import { prorate } from '../../src/domain/plan-change/proration.js';
import { periodOf, renewalCycle } from '../../src/domain/renewal/renewal-cycle.js';

const policy = { trialDays: 14 };
const periodFrom = (cycleStart: string, index: number) =>
  periodOf(renewalCycle({ cycleStart, cycleTrial: false }, policy), index);

describe('proration of an upgrade (README "Plan changes")', () => {
  it('charges the difference for the seconds left of the period, rounded to the cent, halves up', () => {
    // Jan 15 → Feb 15 is 31 days; one day left of $29 → $99.
    const period = periodFrom('2027-01-15T10:00:00.000Z', 0);
    expect(prorate(2900, 9900, period, '2027-02-14T10:00:00.000Z')).toEqual({
      amountCents: 226, // 7000 × 86,400 / 2,678,400 = 225.81
      remainingSeconds: 86_400,
      periodSeconds: 2_678_400,
    });
    // Exactly half a cent rounds up; a third of a cent rounds down.
    expect(prorate(0, 1, period, '2027-01-30T22:00:00.000Z').amountCents).toBe(1);
    expect(prorate(0, 3, period, '2027-01-30T22:00:00.000Z').amountCents).toBe(2);
    expect(prorate(0, 1, period, '2027-02-04T18:00:00.000Z').amountCents).toBe(0);
  });

  it('on the last day, to the second: a part-second left is not charged, the period end charges nothing', () => {
    const period = periodFrom('2027-01-15T10:00:00.000Z', 0);
    expect(prorate(2900, 9900, period, '2027-02-15T09:59:58.500Z')).toMatchObject({
      remainingSeconds: 1,
      amountCents: 0,
    });
    expect(prorate(2900, 9900, period, '2027-02-15T10:00:00.000Z').amountCents).toBe(0);
    expect(prorate(2900, 9900, period, '2027-02-15T00:00:00.000Z')).toMatchObject({
      remainingSeconds: 36_000,
      amountCents: 94, // 7000 × 36,000 / 2,678,400 = 94.09
    });
  });

  it('on the 31st: a cycle anchored on the 31st prorates over the short month it runs into', () => {
    // Jan 31 → Feb 28 is 28 days; a change half a day in leaves 27.5 days.
    const period = periodFrom('2027-01-31T10:00:00.000Z', 0);
    expect(period.end).toBe('2027-02-28T10:00:00.000Z');
    expect(prorate(2900, 9900, period, '2027-01-31T22:00:00.000Z')).toEqual({
      amountCents: 6875,
      remainingSeconds: 2_376_000,
      periodSeconds: 2_419_200,
    });
    // Its next period, Feb 28 → Mar 31, is 31 days: the same day left costs less.
    const march = periodFrom('2027-01-31T10:00:00.000Z', 1);
    expect(prorate(2900, 9900, march, '2027-03-30T10:00:00.000Z').amountCents).toBe(226);
  });

  it('in February: 28 days, and 29 in a leap year, for the same two weeks left', () => {
    const february = periodFrom('2027-02-15T10:00:00.000Z', 0);
    expect(prorate(2900, 9900, february, '2027-03-01T10:00:00.000Z').amountCents).toBe(3500);
    const leap = periodFrom('2028-02-15T10:00:00.000Z', 0);
    expect(leap.end).toBe('2028-03-15T10:00:00.000Z');
    // 7000 × 1,209,600 / 2,505,600 = 3379.31
    expect(prorate(2900, 9900, leap, '2028-03-01T10:00:00.000Z').amountCents).toBe(3379);
  });

  it('stays exact at the largest price the catalogue allows', () => {
    const period = periodFrom('2027-01-15T10:00:00.000Z', 0);
    const amount = prorate(0, 100_000_000, period, '2027-01-15T10:00:01.000Z').amountCents;
    expect(amount).toBe(99_999_963); // 1e8 × 2,678,399 / 2,678,400 = 99,999,962.66
  });
});
