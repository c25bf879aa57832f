import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/format/relative-time.js';

const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('relativeTime (SPEC.md §2 "Billing")', () => {
  it('says how long ago, in the largest unit the time fills', () => {
    expect(relativeTime(ago(3 * day), now)).toBe('3 days ago');
    expect(relativeTime(ago(day), now)).toBe('yesterday');
    expect(relativeTime(ago(5 * hour + 59 * minute), now)).toBe('5 hours ago');
    expect(relativeTime(ago(2 * minute), now)).toBe('2 minutes ago');
    expect(relativeTime(ago(2 * 7 * day), now)).toBe('2 weeks ago');
    expect(relativeTime(ago(65 * day), now)).toBe('2 months ago');
    expect(relativeTime(ago(400 * day), now)).toBe('last year');
  });

  it('says "now" for the last minute and for a time slightly in the future', () => {
    expect(relativeTime(ago(30_000), now), 'seconds ago').toBe('now');
    expect(relativeTime(ago(-5 * minute), now), 'clock skew').toBe('now');
  });

  it('says Recently when there is no valid date', () => {
    expect(relativeTime(undefined, now)).toBe('Recently');
    expect(relativeTime(null, now)).toBe('Recently');
    expect(relativeTime('', now)).toBe('Recently');
    expect(relativeTime('not a date', now)).toBe('Recently');
  });
});
