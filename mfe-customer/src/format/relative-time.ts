import { parseInstant } from '@app/ui';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/** Largest unit first: a time is said in the biggest unit it fills at least once. */
const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * day],
  ['month', 30 * day],
  ['week', 7 * day],
  ['day', day],
  ['hour', hour],
  ['minute', minute],
];

/**
 * SPEC.md §2 "Billing": an invoice's created time relative to now ("3 days ago", "yesterday"), or Recently when
 * it has no valid date. A time a little ahead of `now` (clock skew) reads as "now", never "in 2 minutes".
 */
export function relativeTime(value: string | null | undefined, now: Date): string {
  const instant = parseInstant(value);
  if (!instant) return 'Recently';
  const elapsed = Math.max(0, now.getTime() - instant.getTime());
  for (const [unit, size] of units) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return relative.format(0, 'second');
}
