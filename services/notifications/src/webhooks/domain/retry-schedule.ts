/**
 * When a webhook message is tried again after a failed attempt (issue 20: "exponential backoff over 3 days,
 * Stripe's schedule as the reference").
 *
 * Stripe documents its live-mode rule, "up to three days with an exponential back off", not its intervals. Ours
 * keeps that rule in numbers a test can state: the wait doubles from 5 minutes (5, 10, 20, 40 min, 1 h 20,
 * 2 h 40, 5 h 20, 10 h 40), is capped at 12 hours, and no attempt is made later than 3 days after the first.
 * So 13 attempts: the first at once, retries at +5 min, 15 min, 35 min, 1 h 15, 2 h 35, 5 h 15, 10 h 35,
 * 21 h 15, 33 h 15, 45 h 15, 57 h 15 and 69 h 15. The next would fall at 81 h 15, past the 3 days: the message
 * has failed, and the endpoint is marked failing. Quick retries ride out a deploy; the long ones a day's outage.
 * Every failure is retried, whatever the status, as Stripe does: a 4xx is as often a receiver's passing bug.
 */
export const firstRetryDelayMs = 5 * 60 * 1000;
export const maxRetryDelayMs = 12 * 60 * 60 * 1000;
export const retryWindowMs = 3 * 24 * 60 * 60 * 1000;

/** The wait after the `failedAttempts`-th failed attempt (1 for the first). */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(firstRetryDelayMs * 2 ** Math.max(0, failedAttempts - 1), maxRetryDelayMs);
}

/**
 * After `failedAttempts` attempts of a message first tried at `firstAttemptAt` have failed: when the next one is
 * due, or null when the schedule is exhausted. Counted from the schedule, not from when an attempt actually ran,
 * so a worker that was down for a while does not push the whole schedule past 3 days.
 */
export function nextAttemptAt(firstAttemptAt: Date, failedAttempts: number): Date | null {
  let due = firstAttemptAt.getTime();
  for (let failed = 1; failed <= failedAttempts; failed += 1) due += retryDelayMs(failed);
  return due - firstAttemptAt.getTime() > retryWindowMs ? null : new Date(due);
}
