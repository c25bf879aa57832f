import { listParkedEvents, rebuildProjection, type ParkedEvent, type Projection } from '@app/eventing';
import type { ServiceStorage } from './storage.js';

/** Lists the parked events instead of rebuilding (docs/operations.md, "Parked events"). */
export const listParkedFlag = '--parked';

/**
 * A service's `rebuild` command: drops one read model and replays it from the event store, printing progress.
 * The replay is also how a projection's parked events are replayed after a fix; those still unreadable are
 * parked again and counted. With `--parked` it lists every parked event of the service instead; with no (or an
 * unknown) name it lists the projections. Safe while the service runs: the running projection notices its
 * checkpoint was reset and follows.
 */
export async function runRebuildCommand(options: {
  name: string | undefined;
  projections: readonly Projection[];
  schema: string;
  categories: readonly string[];
  openStorage: () => Promise<ServiceStorage>;
}): Promise<number> {
  if (options.name === listParkedFlag) return printParked(options);
  const projection = options.projections.find((candidate) => candidate.name === options.name);
  if (!projection) {
    console.error(
      `usage: rebuild <projection> | rebuild ${listParkedFlag}; projections: ${options.projections.map((p) => p.name).join(', ')}`,
    );
    return 2;
  }
  const storage = await options.openStorage();
  try {
    const result = await rebuildProjection({
      eventStore: storage.eventStore,
      pool: storage.pool,
      schema: options.schema,
      categories: options.categories,
      projection,
      onProgress: ({ events, eventsPerSecond }) =>
        console.log(`${projection.name}: ${events} events replayed (${Math.round(eventsPerSecond)}/s)`),
    });
    console.log(
      `${projection.name} rebuilt from ${result.events} events in ${result.seconds.toFixed(2)} s ` +
        `(${result.applied} of its types; first batch after ${result.startSeconds.toFixed(2)} s; ` +
        `indexes built in ${result.indexSeconds.toFixed(2)} s)`,
    );
    if (result.parked > 0) {
      console.log(
        `events still unreadable, parked again: ${result.parked} (rebuild ${listParkedFlag} lists them)`,
      );
    }
    return 0;
  } finally {
    await storage.close();
  }
}

async function printParked(options: { schema: string; openStorage: () => Promise<ServiceStorage> }) {
  const storage = await options.openStorage();
  try {
    const parked = await listParkedEvents(storage.pool, options.schema);
    console.log(parked.length === 0 ? 'no parked events' : parked.map(describeParked).join('\n'));
    return 0;
  } finally {
    await storage.close();
  }
}

function describeParked(event: ParkedEvent): string {
  return (
    `${event.consumer}: ${event.eventType} ${event.eventId} at ${event.streamName}@${event.revision}, ` +
    `parked ${event.parkedAt.toISOString()}: ${event.reason}`
  );
}
