import { backoffDelay, type BackoffPolicy } from './backoff.js';
import { sleep } from './sleep.js';

export interface RetryUntilAbortedOptions {
  backoff: BackoffPolicy;
  /** Ends the retrying: during a wait at once, during an attempt once it has settled. */
  signal: AbortSignal;
  /** Told of every failure before the wait, to log it; `attempt` counts from 0. */
  onFailure: (error: unknown, attempt: number) => void;
  /** Test seam for the jitter. */
  random?: () => number;
}

/**
 * Runs `attempt` until it succeeds, waiting the policy's capped backoff after each failure, for as long as it
 * takes: for work that must not be skipped (publishing an event, applying it to a read model). Every error is
 * retried, a TypeError from a mapping bug included, since giving up would skip the event; stopping is the
 * signal's job. The first attempt runs even when the signal has already aborted. Resolves with the result, or
 * with undefined when the signal aborted before an attempt succeeded.
 */
export async function retryUntilAborted<T extends NonNullable<unknown> | null>(
  attempt: (attempt: number) => Promise<T>,
  options: RetryUntilAbortedOptions,
): Promise<T | undefined> {
  for (let count = 0; ; count += 1) {
    try {
      return await attempt(count);
    } catch (error) {
      options.onFailure(error, count);
    }
    await sleep(backoffDelay(count, options.backoff, options.random), options.signal);
    if (options.signal.aborted) return undefined;
  }
}
