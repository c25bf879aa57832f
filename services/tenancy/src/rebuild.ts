/** `npm run rebuild -w @app/tenancy -- <projection>`: replays a read model (see runRebuildCommand). */
import { runRebuildCommand } from '@app/service-kit/runtime';
import { loadStorageConfig, tenancySchema } from './config.js';
import { subscriptionsProjection } from './projections/subscriptions.js';
import { tenantsProjection } from './projections/tenants.js';
import { openStorage, ownedCategories } from './runtime.js';

runRebuildCommand({
  name: process.argv[2],
  projections: [tenantsProjection, subscriptionsProjection],
  schema: tenancySchema,
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
