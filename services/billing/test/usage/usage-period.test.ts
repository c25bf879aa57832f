import { describe, expect, it } from 'vitest';
import {
  monthAround,
  periodOfDay,
  usageRange,
  usageRecordId,
  utcDayOf,
} from '../../src/usage/usage-period.js';

describe('usage periods', () => {
  it.each([
    ['2026-01-15T12:00:00.000Z', '2026-01-01', '2026-01-31'],
    ['2024-02-29T23:59:59.999Z', '2024-02-01', '2024-02-29'],
    ['2026-02-01T00:00:00.000Z', '2026-02-01', '2026-02-28'],
    ['2026-12-31T23:00:00.000Z', '2026-12-01', '2026-12-31'],
  ])('the UTC month around %s runs from %s to %s', (now, from, to) => {
    expect(monthAround(new Date(now))).toEqual({ from, to });
  });

  it('reads the UTC day of an instant, whatever its offset', () => {
    expect(utcDayOf('2026-03-01T01:30:00+02:00')).toBe('2026-02-28');
    expect(utcDayOf(new Date('2026-03-01T00:00:00.000Z'))).toBe('2026-03-01');
  });

  it('takes the range asked for, else the current month', () => {
    const now = new Date('2026-03-15T00:00:00.000Z');
    expect(usageRange({ from: '2025-01-01', to: '2025-01-02' }, now)).toEqual({
      from: '2025-01-01',
      to: '2025-01-02',
    });
    expect(usageRange({}, now)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('gives a day midnight to midnight UTC, and one id per user, metric and day', () => {
    expect(periodOfDay('2024-02-29')).toEqual({
      periodStart: '2024-02-29T00:00:00.000Z',
      periodEnd: '2024-03-01T00:00:00.000Z',
    });
    const user = '019a0000-0000-7000-8000-00000000b002';
    const other = '019a0000-0000-7000-8000-00000000b003';
    expect(usageRecordId(user, 'api_calls', '2026-03-01')).toBe(
      usageRecordId(user, 'api_calls', '2026-03-01'),
    );
    expect(usageRecordId(user, 'api_calls', '2026-03-01')).not.toBe(
      usageRecordId(user, 'api_calls', '2026-03-02'),
    );
    expect(usageRecordId(user, 'api_calls', '2026-03-01')).not.toBe(
      usageRecordId(other, 'api_calls', '2026-03-01'),
    );
  });
});
