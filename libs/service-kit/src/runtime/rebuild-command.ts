import { rebuildProjection, type Projection } from '@app/eventing';
import type { ServiceStorage } from './storage.js';

/**
 * A service's `rebuild` command: drops one read model and replays it from the event store, printing progress.
 * With no (or an unknown) name it lists the projections. Safe while the service runs: the running projection
 * notices its checkpoint was reset and follows.
 */
export async function runRebuildCommand(options: {
  name: string | undefined;
  projections: readonly Projection[];
  schema: string;
  categories: readonly string[];
  openStorage: () => Promise<ServiceStorage>;
}): Promise<number> {
  const projection = options.projections.find((candidate) => candidate.name === options.name);
  if (!projection) {
    console.error(
      `usage: rebuild <projection>; projections: ${options.projections.map((p) => p.name).join(', ')}`,
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
    console.log(`${projection.name} rebuilt from ${result.events} events in ${result.seconds.toFixed(2)} s`);
    return 0;
  } finally {
    await storage.close();
  }
}
