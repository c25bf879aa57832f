import type pg from 'pg';
import type { RecordedEvent } from '../event-store.js';
import type { Projection } from './projection.js';

/**
 * A projection with one code path, its batch: a single event is applied as a batch of one, so live events,
 * catch-up and rebuilds all go through the same code.
 */
export function batchProjection(
  definition: Omit<Projection, 'apply' | 'applyBatch'> & {
    applyBatch(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void>;
  },
): Projection {
  return { ...definition, apply: (event, tx) => definition.applyBatch([event], tx) };
}
