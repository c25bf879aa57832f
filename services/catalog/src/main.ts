import { acceptedSecrets, type Telemetry } from '@app/service-kit';
import { runEventSourcedService } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { catalogSchema, type CatalogConfig } from './config.js';
import { startCatalogRelay } from './integration/start-catalog-relay.js';
import { productsProjection } from './projections/products.js';
import { openStorage, ownedCategories } from './runtime.js';

/** The catalogue's process: shared clients, its projection and relay, its HTTP app (runEventSourcedService). */
export function main(config: CatalogConfig, telemetry: Telemetry): Promise<void> {
  return runEventSourcedService({
    name: 'catalog',
    config,
    telemetry,
    openStorage: (logger) => openStorage(config, logger),
    schema: catalogSchema,
    categories: ownedCategories,
    projections: [productsProjection],
    startRelay: ({ eventStore, pool, nats, logger }) =>
      startCatalogRelay({
        eventStore,
        pool,
        nats,
        prefix: config.NATS_PREFIX,
        replicas: config.NATS_STREAM_REPLICAS,
        logger,
      }),
    buildApp: ({ pool, eventStore, projections, readiness }) =>
      buildApp({
        identitySecret: acceptedSecrets(config),
        logLevel: config.LOG_LEVEL,
        readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
        telemetry,
        db: pool,
        eventStore,
        projections,
        readiness,
      }),
  });
}
