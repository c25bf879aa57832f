import type { EventingLogger } from '@app/eventing';
import { nextCycleDelayMs } from '../domain/scrape/schedule.js';

export interface ScrapeScheduler {
  /** Stops scheduling; a cycle under way starts no further scrape, and this resolves once it has finished. */
  stop(): Promise<void>;
}

/**
 * Runs a scrape cycle every interval (SCRAPE_INTERVAL_MS, SPEC.md §9's 5 minutes) plus jitter, the first one
 * after the jitter alone so a fresh start shows data soon. Cycles never overlap: a slow one delays the next.
 * A cycle that fails as a whole (tenancy unreachable) is logged and the schedule goes on.
 */
export function startScrapeScheduler(options: {
  intervalMs: number;
  runCycle: (signal: AbortSignal) => Promise<unknown>;
  logger: EventingLogger;
  random?: () => number;
}): ScrapeScheduler {
  const { intervalMs, runCycle, logger, random = Math.random } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const stopping = new AbortController();

  const schedule = (delayMs: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      const started = performance.now();
      running = runCycle(stopping.signal)
        .then(
          () => undefined,
          (error: unknown) => logger.warn({ err: error }, 'Scrape cycle failed; trying again next interval'),
        )
        .finally(() => schedule(nextCycleDelayMs(intervalMs, performance.now() - started, random())));
    }, delayMs);
  };
  // As if a cycle had just taken the whole interval: the jitter alone.
  schedule(nextCycleDelayMs(intervalMs, intervalMs, random()));

  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
