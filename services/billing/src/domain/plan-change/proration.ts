import type { BillingPeriod } from '../renewal/renewal-cycle.js';

/** What an upgrade at `at` costs for the rest of the period running then (README "Plan changes"). */
export interface Proration {
  /** The charge in cents, rounded as `prorate` says. */
  amountCents: number;
  /** Whole seconds from the change to the end of the period: those the new price applies to. */
  remainingSeconds: number;
  /** The period's length in seconds; months differ, so this is the period's own length, not 30 days. */
  periodSeconds: number;
}

const secondsBetween = (from: string, to: string) => Math.floor((Date.parse(to) - Date.parse(from)) / 1000);

/**
 * The prorated difference between two monthly prices for the rest of a period, to the second, in integer cents:
 *
 *   amount = round((toCents − fromCents) × remainingSeconds ÷ periodSeconds), halves rounded up,
 *
 * where remainingSeconds counts whole seconds from `at` to the period's end (a part-second left over is not
 * charged) and periodSeconds is that period's own length (28 to 31 days). The product of cents and seconds stays
 * below 2^53 for any price the catalogue allows (at most $1,000,000 × 31 days), so the arithmetic is exact.
 * A change at or after the period's end prorates nothing; `at` before its start is treated as its start.
 */
export function prorate(
  fromCents: number,
  toCents: number,
  period: Pick<BillingPeriod, 'start' | 'end'>,
  at: string,
): Proration {
  const periodSeconds = secondsBetween(period.start, period.end);
  const from = Date.parse(at) < Date.parse(period.start) ? period.start : at;
  const remainingSeconds = Math.min(Math.max(secondsBetween(from, period.end), 0), periodSeconds);
  const difference = toCents - fromCents;
  // round(d·r/p) with halves up, in integers: floor((2·d·r + p) / (2·p)).
  const amountCents = Math.floor((2 * difference * remainingSeconds + periodSeconds) / (2 * periodSeconds));
  return { amountCents, remainingSeconds, periodSeconds };
}
