import { testIdentitySecret } from '@app/service-kit/testing';
import { startServiceHarness, type ServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { catalogSchema } from '../../src/config.js';
import { productsProjection } from '../../src/projections/products.js';
import { ownedCategories, prepareStorage } from '../../src/runtime.js';

export { countEvents } from '@app/test-support/service-harness';

export type CatalogHarness = ServiceHarness<Awaited<ReturnType<typeof buildApp>>>;

/** The catalogue as server.ts wires it, minus NATS and the listening socket, on a database of its own. */
export function startCatalog(options: { readYourWritesTimeoutMs?: number } = {}): Promise<CatalogHarness> {
  return startServiceHarness({
    schema: catalogSchema,
    categories: ownedCategories,
    projections: [productsProjection],
    prepareStorage,
    buildApp: ({ pool, eventStore, projections, readiness }) =>
      buildApp({
        identitySecret: testIdentitySecret,
        logLevel: 'silent',
        readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 5_000,
        db: pool,
        eventStore,
        projections,
        readiness,
      }),
  });
}
