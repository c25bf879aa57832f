import { daysAfter, monthsAfter } from '../invoice/billing-period.js';

/** Billing's settings for renewals (README "Renewals and dunning"), from configuration. */
export interface RenewalPolicy {
  /** A subscription that starts as a trial is first billed this many days after it starts. */
  trialDays: number;
  /** Retries of a declined renewal, in days after its first attempt; after the last, it is overdue. */
  retryAfterDays: readonly number[];
  /** Cards cannot be charged less (Stripe's USD minimum); cheaper subscriptions are not renewed by card. */
  minimumChargeCents: number;
}

/** What billing knows of when a subscription's billing cycle began (its copy of tenancy's facts). */
export interface CycleStart {
  /** When the current cycle began: the start, the checkout that started it, or a reactivation after cancelling. */
  cycleStart: string;
  /** The cycle opens with a free trial (the subscription started as a trial and has not been restarted). */
  cycleTrial: boolean;
}

/**
 * Periods are whole months from the anchor, numbered from 0. A trial's anchor is its end and period 0 is billed;
 * otherwise period 0 was paid at checkout or granted by the admin who started (or reactivated) it, and billing
 * begins with period 1, the first anniversary.
 */
export interface RenewalCycle {
  anchor: string;
  firstBilledPeriod: 0 | 1;
}

export function renewalCycle(start: CycleStart, policy: Pick<RenewalPolicy, 'trialDays'>): RenewalCycle {
  return start.cycleTrial
    ? { anchor: daysAfter(start.cycleStart, policy.trialDays), firstBilledPeriod: 0 }
    : { anchor: start.cycleStart, firstBilledPeriod: 1 };
}

export interface BillingPeriod {
  index: number;
  start: string;
  end: string;
}

export function periodOf(cycle: RenewalCycle, index: number): BillingPeriod {
  return { index, start: monthsAfter(cycle.anchor, index), end: monthsAfter(cycle.anchor, index + 1) };
}

/** The index of the last anniversary at or before `at` (−1 before the anchor). */
function lastIndexAtOrBefore(cycle: RenewalCycle, at: string): number {
  const anchor = new Date(cycle.anchor);
  const when = new Date(at);
  const months =
    (when.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (when.getUTCMonth() - anchor.getUTCMonth());
  // The month count is right or one too many (an anniversary later in the month than `at`).
  return Date.parse(monthsAfter(cycle.anchor, months)) <= when.getTime() ? months : months - 1;
}

/**
 * The period of service running at `at`, billed or not: period 0 paid at checkout or granted counts, and during a
 * trial (before the anchor) it is the trial itself, from the cycle's start to the trial's end.
 */
export function servicePeriodAt(
  start: CycleStart,
  cycle: RenewalCycle,
  at: string,
): BillingPeriod & { inTrial: boolean } {
  const index = lastIndexAtOrBefore(cycle, at);
  if (index >= 0) return { ...periodOf(cycle, index), inTrial: false };
  if (start.cycleTrial) return { index: -1, start: start.cycleStart, end: cycle.anchor, inTrial: true };
  // A moment before a paid cycle's start (a clock a little behind the checkout's) is in its first month.
  return { ...periodOf(cycle, 0), inTrial: false };
}

/** The billed period running at `now`: the latest one that has begun, or null before billing begins. */
export function currentPeriod(cycle: RenewalCycle, now: string): BillingPeriod | null {
  const index = lastIndexAtOrBefore(cycle, now);
  return index >= cycle.firstBilledPeriod ? periodOf(cycle, index) : null;
}

/** No month is shorter: an anniversary comes at least this long after the one before (Jan 31 → Feb 28). */
const shortestMonthDays = 28;

/**
 * The latest cycle starts that can have a billed period running at `now`, for a cycle that opens with a trial and
 * for one that does not: a bound that lets a query skip subscriptions not yet billed, never a decision
 * (currentPeriod decides, and is null for every cycle that started later).
 */
export function latestBilledCycleStarts(
  now: string,
  policy: Pick<RenewalPolicy, 'trialDays'>,
): { trial: string; paid: string } {
  return { trial: daysAfter(now, -policy.trialDays), paid: daysAfter(now, -shortestMonthDays) };
}

/** The first anniversary strictly after `at` (and not before billing begins). */
export function nextAnniversaryAfter(cycle: RenewalCycle, at: string): string {
  const index = Math.max(lastIndexAtOrBefore(cycle, at) + 1, cycle.firstBilledPeriod);
  return monthsAfter(cycle.anchor, index);
}

/**
 * Whether a status change begins a new billing cycle: a cancelled subscription made active again starts afresh
 * (its first month paid by the checkout that reactivated it, or granted by the admin who did). A suspended one
 * made active keeps its cycle and its dunning; a trial keeps its trial's end as the first bill.
 */
export function restartsCycle(previousStatus: string, status: string): boolean {
  return previousStatus === 'cancelled' && status === 'active';
}
