import { formatPosition } from './checkpoints.js';
import type { BacklogReader, Position } from './event-store.js';
import type { ProjectionRunner } from './projections/start-projections.js';
import type { Relay } from './relay/relay.js';

/**
 * How far a service's projections and relay are behind the event store, for its readiness (service-kit) and
 * the platform health page. Two figures each: events not yet handled, counted up to a limit, and the age of the
 * oldest of them. The age is what says whether anyone waits (a burst of thousands applied within a second is
 * no trouble; one event stuck for a minute is); the count says how much is left.
 */

/** Counting stops here: readiness is polled, and "at least 10,000" says all an operator needs. */
export const defaultLagCountLimit = 10_000;

export interface ProjectionLag {
  name: string;
  /** Up to the limit; null where the event store cannot count cheaply (KurrentDB while behind). */
  behindEvents: number | null;
  /** Null when nothing is waiting. */
  oldestUnappliedAgeMs: number | null;
}

export interface RelayLag {
  behindEvents: number | null;
  oldestUnpublishedAgeMs: number | null;
}

export interface LagOptions {
  /** Default defaultLagCountLimit. */
  limit?: number;
  now?: () => Date;
}

interface Behind {
  events: number | null;
  oldestAgeMs: number | null;
}

async function measureBehind(
  reader: BacklogReader,
  categories: readonly string[],
  after: Position | 'start',
  options: LagOptions,
): Promise<Behind> {
  const backlog = await reader.backlog({ after, categories, limit: options.limit ?? defaultLagCountLimit });
  const now = (options.now ?? (() => new Date()))();
  const first = backlog.firstRecordedAt;
  // The store's clock stamped the event and this process's clock reads the age; a little skew must not go
  // negative.
  const oldestAgeMs = first ? Math.max(0, now.getTime() - first.getTime()) : null;
  return { events: backlog.events, oldestAgeMs };
}

/** Each projection's lag behind its stored checkpoint, which is what its read model holds. */
export async function measureProjectionLag(
  reader: BacklogReader,
  runner: Pick<ProjectionRunner, 'categories' | 'checkpoints'>,
  options: LagOptions = {},
): Promise<ProjectionLag[]> {
  const checkpoints = await runner.checkpoints();
  // Projections that are caught up share a checkpoint, so one backlog read serves all of them.
  const byPosition = new Map<string, Promise<Behind>>();
  const measured = checkpoints.map(({ name, position }) => {
    const key = formatPosition(position);
    let behind = byPosition.get(key);
    if (!behind) {
      behind = measureBehind(reader, runner.categories, position, options);
      byPosition.set(key, behind);
    }
    return behind.then(({ events, oldestAgeMs }) => ({
      name,
      behindEvents: events,
      oldestUnappliedAgeMs: oldestAgeMs,
    }));
  });
  return Promise.all(measured);
}

/** The relay's lag behind the furthest position any of the service's replicas has published. */
export async function measureRelayLag(
  reader: BacklogReader,
  relay: Pick<Relay, 'categories' | 'progress'>,
  options: LagOptions = {},
): Promise<RelayLag> {
  const { events, oldestAgeMs } = await measureBehind(
    reader,
    relay.categories,
    await relay.progress(),
    options,
  );
  return { behindEvents: events, oldestUnpublishedAgeMs: oldestAgeMs };
}
