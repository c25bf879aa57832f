import { formatPosition } from '../checkpoints.js';
import { comparePositions, type Backlog, type BacklogQuery } from '../event-store.js';
import type { HeadTracker } from './head-tracker.js';
import { firstRecordedAfter, type ReadContext } from './kurrent-reads.js';

/** Distinct checkpoints a process has at once: one per projection and the relay; a few spare. */
const rememberedCheckpoints = 32;

/**
 * The backlog behind a checkpoint, for readiness. $all has no index by category that could count the events
 * after a position without reading each of them, so the count is reported only when it is zero (the head is not
 * past the checkpoint) and is null otherwise. The head comes from HeadTracker; when the first event after a
 * checkpoint was recorded costs one filtered read per checkpoint, remembered while the checkpoint stays put
 * (a stuck reader is what is measured most often).
 */
export function createBacklogReader(context: ReadContext, heads: HeadTracker) {
  const firstAfter = new Map<string, Promise<Date | null>>();

  const firstRecorded = (query: BacklogQuery): Promise<Date | null> => {
    const key = `${query.categories.join(',')}@${formatPosition(query.after)}`;
    let first = firstAfter.get(key);
    if (!first) {
      first = firstRecordedAfter(context, query.categories, query.after);
      // Once there is a first event after a position it never changes; none found yet is asked again next time.
      const forget = () => void firstAfter.delete(key);
      first.then((found) => (found === null ? forget() : undefined), forget);
      firstAfter.set(key, first);
      const oldest = firstAfter.keys().next().value;
      if (firstAfter.size > rememberedCheckpoints && oldest !== undefined) firstAfter.delete(oldest);
    }
    return first;
  };

  return async function backlog(query: BacklogQuery): Promise<Backlog> {
    const head = await heads.head(query.categories);
    if (comparePositions(head, query.after) <= 0) return { events: 0, firstRecordedAt: null };
    return { events: null, firstRecordedAt: await firstRecorded(query) };
  };
}
