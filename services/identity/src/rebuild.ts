/** `npm run rebuild -w @app/identity -- <projection>`: drops a read model and replays it (see runRebuildCommand). */
import { runRebuildCommand } from '@app/service-kit/runtime';
import { identitySchema, loadStorageConfig } from './config.js';
import { usersProjection } from './projections/users.js';
import { openStorage, ownedCategories } from './runtime.js';

runRebuildCommand({
  name: process.argv[2],
  projections: [usersProjection],
  schema: identitySchema,
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
