/**
 * When a failed send is tried again: the base delay, four times longer after each failure, at most six hours
 * apart. With the defaults (30 s, 8 tries) the last try comes about 13 hours after the first, which rides out
 * a relay's restart or a night's outage without mailing a receipt days late.
 */
const maxDelayMs = 6 * 60 * 60 * 1000;

export function retryDelayMs(failedAttempts: number, baseMs: number): number {
  return Math.min(baseMs * 4 ** Math.max(0, failedAttempts - 1), maxDelayMs);
}

/** After `attempts` tries have failed: the time of the next, or null when none is left. */
export function nextAttemptAt(
  failedAttempts: number,
  policy: { maxAttempts: number; baseMs: number },
  now: Date,
): Date | null {
  if (failedAttempts >= policy.maxAttempts) return null;
  return new Date(now.getTime() + retryDelayMs(failedAttempts, policy.baseMs));
}
