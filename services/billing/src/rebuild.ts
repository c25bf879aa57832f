/** `npm run rebuild -w @app/billing -- <projection>`: replays a read model (see runRebuildCommand). */
import { runRebuildCommand } from '@app/service-kit/runtime';
import { billingSchema, loadStorageConfig } from './config.js';
import { billingProjections, openStorage, ownedCategories } from './runtime.js';

runRebuildCommand({
  name: process.argv[2],
  projections: billingProjections,
  schema: billingSchema,
  categories: ownedCategories,
  openStorage: () => openStorage(loadStorageConfig()),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
