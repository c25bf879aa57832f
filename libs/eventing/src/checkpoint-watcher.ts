import { setTimeout as delay } from 'node:timers/promises';
import { comparePositions, type Position } from './event-store.js';
import { readCheckpoint, type Queryable } from './checkpoints.js';

export interface CheckpointWatcherOptions {
  /** The owning service's database; its projections' checkpoints live in `schema`. */
  db: Queryable;
  schema: string;
  /** The projections to wait for (their names are their checkpoint names). */
  names: readonly string[];
  /** How often the checkpoints are read while waiting; default 50 ms. */
  pollIntervalMs?: number;
}

export interface CheckpointWatcher {
  /** True once every named checkpoint is at or past `position`, false after `timeoutMs`. */
  waitFor(position: Position | 'start', timeoutMs: number): Promise<boolean>;
}

/**
 * Read-your-writes for a process that appends but does not run the projections itself (a seed or a one-off
 * command beside the running service): it watches the checkpoints the service's projection runner writes in
 * the same transaction as its rows, so "checkpoint reached" means "rows visible". Same shape as
 * ProjectionRunner.waitFor, so it fits wherever that is expected.
 */
export function watchCheckpoints(options: CheckpointWatcherOptions): CheckpointWatcher {
  const { db, schema, names, pollIntervalMs = 50 } = options;

  async function reached(position: Position | 'start'): Promise<boolean> {
    for (const name of names) {
      if (comparePositions(await readCheckpoint(db, schema, name), position) < 0) return false;
    }
    return true;
  }

  return {
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await reached(position)) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await delay(Math.min(pollIntervalMs, left));
      }
    },
  };
}
