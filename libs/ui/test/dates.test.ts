import { describe, expect, it } from 'vitest';
import { formatDate, parseInstant } from '../src/lib/dates.js';

const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

describe('dates', () => {
  it('parses an ISO date-time, and nothing else', () => {
    expect(parseInstant('2026-11-22T05:00:00.000Z')?.toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(parseInstant('yesterday')).toBeUndefined();
    expect(parseInstant('')).toBeUndefined();
    expect(parseInstant(null)).toBeUndefined();
  });

  it('formats a date as "Nov 22, 2026", or undefined for the caller to fall back', () => {
    expect(formatDate('2026-11-22T05:00:00.000Z', utc)).toBe('Nov 22, 2026');
    expect(formatDate('garbage', utc)).toBeUndefined();
    expect(formatDate(undefined)).toBeUndefined();
  });
});
