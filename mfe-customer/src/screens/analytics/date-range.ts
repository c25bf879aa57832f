import { parseInstant } from '@app/ui';

/** The ranges the page offers, in whole UTC days ending today (today included, so today's calls show). */
export const rangeDayOptions = [7, 30, 90] as const;
export type RangeDays = (typeof rangeDayOptions)[number];
export const defaultRangeDays: RangeDays = 30;

const dayMs = 24 * 60 * 60 * 1000;

export interface DayRange {
  days: RangeDays;
  /** First UTC day, YYYY-MM-DD. */
  from: string;
  /** Last UTC day, YYYY-MM-DD, included. */
  to: string;
}

export function rangeLabel(days: RangeDays): string {
  return `Last ${days} days`;
}

/** The last `days` UTC days up to and including the UTC day of `now` (GET /api/usage's from/to). */
export function dayRange(days: RangeDays, now: Date): DayRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { days, from: isoDay(today - (days - 1) * dayMs), to: isoDay(today) };
}

/** Every UTC day of the range, oldest first. */
export function daysOf({ from, to }: Pick<DayRange, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += dayMs) days.push(isoDay(at));
  return days;
}

/** Every calendar month (YYYY-MM) the range touches, oldest first. */
export function monthsOf(range: Pick<DayRange, 'from' | 'to'>): string[] {
  return [...new Set(daysOf(range).map((day) => day.slice(0, 7)))];
}

/**
 * The UTC day (YYYY-MM-DD) of an ISO date-time, whatever offset it was written with; undefined for an old or
 * partial record without a valid one, which no range can hold.
 */
export function utcDayOf(isoDateTime: string | null | undefined): string | undefined {
  const instant = parseInstant(isoDateTime);
  return instant && isoDay(instant.getTime());
}

function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
