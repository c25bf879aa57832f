import { backoffDelay } from '@app/retry';

/**
 * When the scraper acts: cycles spaced by the interval plus jitter, so many monitoring instances (or restarts)
 * do not hit every tenant app at the same second, and retries spaced by a growing, jittered backoff. `random`
 * is a number in [0, 1), passed in so tests can pin it.
 */

/** Up to 10 % of the interval, at most 30 s, added after each cycle's start. */
export function nextCycleDelayMs(intervalMs: number, elapsedMs: number, random: number): number {
  const jitter = Math.min(intervalMs * 0.1, 30_000) * random;
  return Math.max(0, intervalMs - elapsedMs) + Math.round(jitter);
}

/**
 * How long a replica's claim on a subscription's scheduled scrape holds: nine tenths of the interval. Its own next
 * cycle starts at least an interval later and finds the claim run out, so it scrapes each app it claimed once
 * per interval; another replica's cycle within that time leaves the app alone. If the holder stops, the claim
 * runs out and the next replica's cycle takes the app over.
 */
export function claimHoldMs(intervalMs: number): number {
  return Math.round(intervalMs * 0.9);
}

/**
 * Before retry `attempt` (1, 2, …): base × 2^(attempt-1), with the upper half of it jittered. Uncapped: a scrape
 * retries at most SCRAPE_RETRIES (5) times.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: number): number {
  return backoffDelay(attempt - 1, { baseMs, maxMs: Infinity }, () => random);
}
