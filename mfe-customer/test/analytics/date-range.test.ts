import { describe, expect, it } from 'vitest';
import { dayRange, daysOf, monthsOf, rangeLabel, utcDayOf } from '../../src/screens/analytics/date-range.js';

describe('dayRange', () => {
  it('is the last N whole UTC days, today included', () => {
    const now = new Date('2026-11-22T05:00:00.000Z');
    expect(dayRange(30, now)).toEqual({ days: 30, from: '2026-10-24', to: '2026-11-22' });
    expect(dayRange(7, now)).toEqual({ days: 7, from: '2026-11-16', to: '2026-11-22' });
    expect(dayRange(90, now)).toEqual({ days: 90, from: '2026-08-25', to: '2026-11-22' });
  });

  it('takes the UTC day, not the local one, near midnight', () => {
    expect(dayRange(7, new Date('2026-03-01T23:59:59.999Z')).to).toBe('2026-03-01');
    expect(dayRange(7, new Date('2026-03-02T00:00:00.000Z'))).toMatchObject({
      from: '2026-02-24',
      to: '2026-03-02',
    });
  });

  it('crosses a leap day', () => {
    expect(dayRange(7, new Date('2028-03-02T12:00:00.000Z')).from).toBe('2028-02-25');
    expect(daysOf({ from: '2028-02-27', to: '2028-03-01' })).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });
});

describe('daysOf and monthsOf', () => {
  it('list every day of a range, both ends included', () => {
    const days = daysOf({ from: '2026-10-24', to: '2026-11-22' });
    expect(days).toHaveLength(30);
    expect(days.at(0)).toBe('2026-10-24');
    expect(days.at(-1)).toBe('2026-11-22');
  });

  it('list the months a range touches', () => {
    expect(monthsOf({ from: '2026-08-25', to: '2026-11-22' })).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(monthsOf({ from: '2026-11-16', to: '2026-11-22' })).toEqual(['2026-11']);
  });
});

describe('utcDayOf', () => {
  it('reads the UTC day whatever the offset', () => {
    expect(utcDayOf('2026-11-21T23:30:00.000-02:00')).toBe('2026-11-22');
    expect(utcDayOf('2026-11-21T00:00:00.000Z')).toBe('2026-11-21');
    expect(utcDayOf(undefined)).toBeUndefined();
    expect(utcDayOf('n/a')).toBeUndefined();
  });
});

it('labels a range "Last N days"', () => {
  expect(rangeLabel(30)).toBe('Last 30 days');
});
