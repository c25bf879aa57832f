/**
 * `npm run rebuild -w @app/identity -- [projection]`: drops a read model and replays it from the event store,
 * printing progress. With no name it lists the projections. Safe while the service runs: the running
 * projection notices its checkpoint was reset and follows.
 */
import { rebuildProjection } from '@app/eventing';
import { identitySchema, loadStorageConfig } from './config.js';
import { usersProjection } from './projections/users.js';
import { openStorage, ownedCategories } from './runtime.js';

const projections = [usersProjection];

async function rebuild(name: string | undefined): Promise<void> {
  const projection = projections.find((candidate) => candidate.name === name);
  if (!projection) {
    console.error(`usage: rebuild <projection>; projections: ${projections.map((p) => p.name).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const storage = await openStorage(loadStorageConfig());
  try {
    const result = await rebuildProjection({
      eventStore: storage.eventStore,
      pool: storage.pool,
      schema: identitySchema,
      categories: ownedCategories,
      projection,
      onProgress: ({ events, eventsPerSecond }) =>
        console.log(`${projection.name}: ${events} events replayed (${Math.round(eventsPerSecond)}/s)`),
    });
    console.log(`${projection.name} rebuilt from ${result.events} events in ${result.seconds.toFixed(2)} s`);
  } finally {
    await storage.close();
  }
}

rebuild(process.argv[2]).catch((error: unknown) => {
  console.error(`rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
