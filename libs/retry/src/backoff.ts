/**
 * How long to wait before a retry. Every loop that retries (the relay, projections, consumers, the event store's
 * reads and LISTEN connection, leases, commands, the gateway's usage flusher, the scraper) takes its delays from
 * here, each with its own numbers.
 */
export interface BackoffPolicy {
  /** The delay before the first retry (attempt 0); it doubles with each attempt after. */
  baseMs: number;
  /**
   * The longest delay. Loops that retry forever need one, so a dependency that comes back is picked up within
   * it; `Infinity` only where the number of attempts is itself bounded.
   */
  maxMs: number;
  /**
   * Default true: a random point in the upper half of the delay, so many processes failing together do not
   * retry in step, while none retries sooner than half the nominal delay. False where one process retries
   * alone, or the delay is handed to a server that schedules it (a JetStream redelivery).
   */
  jitter?: boolean;
}

/** Doubling stops here: the delay is capped long before, and 2^attempt must not overflow to Infinity. */
const maxDoublings = 30;

/** `baseMs × 2^attempt`, capped at `maxMs`, jittered unless the policy says not: attempt 0 → up to `baseMs`. */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  if (!Number.isInteger(attempt) || attempt < 0) {
    throw new RangeError(`attempt must be a whole number from 0, got ${attempt}`);
  }
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempt, maxDoublings));
  if (policy.jitter === false) return ceiling;
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
