import { catalogStream } from '@app/contracts';
import { connectNats, startProjections, startRelay } from '@app/eventing';
import { createLogger, runService } from '@app/service-kit';
import { buildApp } from './app.js';
import { catalogSchema, type CatalogConfig } from './config.js';
import { toIntegrationEvent } from './integration/published-events.js';
import { productsProjection } from './projections/products.js';
import { openStorage, ownedCategories } from './runtime.js';

/** Opens every client, starts the relay and projections, serves HTTP, and closes all of it on a signal. */
export async function main(config: CatalogConfig, onShutdown: () => Promise<void>): Promise<void> {
  const logger = createLogger({ name: 'catalog', level: config.LOG_LEVEL });
  const storage = await openStorage(config, logger.child({ component: 'storage' }));
  const { pool, eventStore } = storage;
  const nats = await connectNats({ url: config.NATS_URL, name: 'catalog' });
  const prefix = config.NATS_PREFIX;

  const projections = await startProjections({
    eventStore,
    pool,
    schema: catalogSchema,
    categories: ownedCategories,
    projections: [productsProjection],
    logger: logger.child({ component: 'projections' }),
  });
  const relay = await startRelay({
    eventStore,
    pool,
    schema: catalogSchema,
    nats,
    stream: {
      name: prefix ? `${prefix}_${catalogStream.name}` : catalogStream.name,
      subjects: catalogStream.subjects.map((subject) => (prefix ? `${prefix}.${subject}` : subject)),
    },
    subjectPrefix: prefix ? `${prefix}.` : '',
    categories: ownedCategories,
    toIntegrationEvent,
    logger: logger.child({ component: 'relay' }),
  });

  const app = await buildApp({
    identitySecret: config.INTERNAL_TOKEN_SECRET,
    logLevel: config.LOG_LEVEL,
    readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
    db: pool,
    eventStore,
    projections,
    readiness: [
      { name: 'postgres', check: async () => void (await pool.query('SELECT 1')) },
      { name: 'event store', check: () => eventStore.ping() },
      { name: 'nats', check: async () => void (await nats.flush()) },
    ],
  });

  await runService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    onClose: [
      () => relay.stop(),
      () => projections.stop(),
      () => nats.drain(),
      () => storage.close(),
      onShutdown,
    ],
  });
}
