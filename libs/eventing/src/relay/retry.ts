/**
 * Shared by the relay, the projections and the integration consumer: the logger they write to and the bounded
 * backoff they wait with between attempts. They retry forever rather than skip an event, so the delay is capped
 * (a dependency that comes back is picked up within `maxMs`) and every failure is logged.
 */

/** The subset of pino's logger these loops use; a pino logger satisfies it. */
export interface EventingLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Exponential backoff with full jitter, capped: attempt 0 → up to `baseMs`, … up to `maxMs`. */
export function backoffMs(attempt: number, baseMs = 100, maxMs = 30_000): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** Waits `ms`, or less when the signal aborts; never rejects, so callers check `signal.aborted` afterwards. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
