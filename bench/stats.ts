/** Small statistics for the bench; samples are plain numbers (milliseconds, or requests per second). */

/** The middle sample, or the mean of the two middle ones. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('median of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Nearest-rank percentile: the smallest sample with at least `p` percent of the samples at or below it, so a
 * p99 of 200 samples is the second largest, an actually observed value rather than an interpolation.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** Runs `work` and returns how long it took in milliseconds. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export function perSecond(count: number, milliseconds: number): number {
  return milliseconds > 0 ? (count * 1_000) / milliseconds : 0;
}

/** Rates rounded to whole numbers, comma-separated, as the figures' notes list their runs. */
export function listRates(rates: readonly number[]): string {
  return rates.map((rate) => Math.round(rate)).join(', ');
}

/** `p50 1.23 ms, p99 4.56 ms`: a latency sample as the figures' notes state it. */
export function latencySummary(samples: readonly number[]): string {
  return `p50 ${percentile(samples, 50).toFixed(2)} ms, p99 ${percentile(samples, 99).toFixed(2)} ms`;
}
