/**
 * Waits `ms`, or less when `signal` aborts. Never rejects, unlike node:timers/promises: a stopping loop is not an
 * error, so callers check `signal.aborted` afterwards instead of catching.
 */
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
