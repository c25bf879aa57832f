import { daysAfter } from '../invoice/billing-period.js';

const dayMs = 24 * 60 * 60 * 1000;

/** The UTC calendar dates from `from`'s to `to`'s, as midnights. */
function datesBetween(from: Date, to: Date): Date[] {
  const dates: Date[] = [];
  const last = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  for (
    let day = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
    day <= last;
    day += dayMs
  ) {
    dates.push(new Date(day));
  }
  return dates;
}

const isLastOfMonth = (date: Date) => new Date(date.getTime() + dayMs).getUTCDate() === 1;

/**
 * The days of the month (UTC) an anchor can have for one of its anniversaries to fall between `now` and
 * `leadDays` later: each date's own day, and on a month's last day every later day too (an anchor on the 31st
 * renews on the 30th in a 30-day month, renewal-cycle.ts). A bound for a query, never a decision.
 */
export function anchorDaysWithin(now: Date, leadDays: number): number[] {
  const days = new Set<number>();
  for (const date of datesBetween(now, new Date(daysAfter(now.toISOString(), leadDays)))) {
    days.add(date.getUTCDate());
    if (isLastOfMonth(date)) for (let day = date.getUTCDate() + 1; day <= 31; day += 1) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

/**
 * The days of the month a trial can have started on for its anchor, `trialDays` later, to fall on one of
 * `anchorDays`: tried over four years of dates (every length of month, a leap February among them), as the day
 * a number of days earlier depends on the months in between.
 */
export function trialStartDaysFor(anchorDays: readonly number[], trialDays: number): number[] {
  const wanted = new Set(anchorDays);
  const days = new Set<number>();
  for (const anchor of datesBetween(
    new Date('2024-01-01T00:00:00.000Z'),
    new Date('2027-12-31T00:00:00.000Z'),
  )) {
    if (wanted.has(anchor.getUTCDate()))
      days.add(new Date(anchor.getTime() - trialDays * dayMs).getUTCDate());
  }
  return [...days].sort((a, b) => a - b);
}
