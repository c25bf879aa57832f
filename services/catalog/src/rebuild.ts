/** `npm run rebuild -w @app/catalog -- <projection>`: drops a read model and replays it (see runRebuildCommand). */
import { runRebuildCommand } from '@app/service-kit/runtime';
import { catalogSchema, loadStorageConfig } from './config.js';
import { productsProjection } from './projections/products.js';
import { openStorage, ownedCategories } from './runtime.js';

runRebuildCommand({
  name: process.argv[2],
  projections: [productsProjection],
  schema: catalogSchema,
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
