/**
 * Calendar months from `anchor`, at the same time of day, on the anchor's day of the month clamped to the last
 * day of a shorter month (Jan 31 → Feb 28/29 → Mar 31 → Apr 30), the way Stripe anchors monthly billing. Counted
 * from the anchor every time, never from the previous period, so one short month does not pull every later
 * anniversary forward. Pure date arithmetic on UTC ISO strings.
 */
export function monthsAfter(anchor: string, months: number): string {
  const from = new Date(anchor);
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(from.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target.toISOString();
}

/** A checkout's period: one calendar month from its start. */
export function oneMonthAfter(start: string): string {
  return monthsAfter(start, 1);
}

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days of 24 hours later (UTC has no daylight saving to skip). */
export function daysAfter(start: string, days: number): string {
  return new Date(Date.parse(start) + days * dayMs).toISOString();
}
