/**
 * `Promise.all(items.map(work))` with at most `limit` calls in flight, results in input order. The first failure
 * rejects the whole and stops starting new calls (those already running finish on their own). To stop starting
 * work on shutdown, `work` returns at once once the caller's signal has aborted: the call then still resolves
 * only after the work in hand is done.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker(): Promise<void> {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
