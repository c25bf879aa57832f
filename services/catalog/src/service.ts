import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogStream } from '@app/contracts';
import { defineService, entryCommand } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { productsAudit } from './audit/product-audit.js';
import { products } from './application/products.js';
import { wireProductCommands } from './application/wire-product-commands.js';
import { catalogSchema, loadConfig, loadStorageConfig } from './config.js';
import { toIntegrationEvent } from './integration/published-events.js';
import { productsProjection } from './projections/products.js';
import { seedDemoProducts } from './seed/seed-demo-products.js';

/**
 * The catalogue: products and their read model, published on the CATALOG stream; consumes nothing. Its demo seed
 * creates the demo catalogue (idempotent).
 */
export const service = defineService({
  name: 'catalog',
  storage: {
    schema: catalogSchema,
    // Beside src/ in the source tree and beside dist/ once built.
    migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
  },
  aggregates: [products],
  projections: [productsProjection],
  publishes: { stream: catalogStream, toIntegrationEvent },
  audit: { producer: 'catalog', aggregates: [productsAudit] },
  loadConfig,
  loadStorageConfig,
  app: (context) => buildApp(context),
  seed: entryCommand(loadStorageConfig, async ({ eventStore, pool }) => {
    const report = await seedDemoProducts(wireProductCommands(eventStore, pool, () => new Date()));
    console.log(
      `demo products: ${report.created.length} created, ${report.alreadyPresent.length} already present`,
    );
  }),
});
