import { connectNats, startProjections } from '@app/eventing';
import { createLogger, runService, type Telemetry } from '@app/service-kit';
import { buildApp } from './app.js';
import { tenancySchema, type TenancyConfig } from './config.js';
import { startTenancyRelay } from './integration/start-tenancy-relay.js';
import { subscriptionsProjection } from './projections/subscriptions.js';
import { tenantsProjection } from './projections/tenants.js';
import { wireTenantCommands } from './application/wire-tenant-commands.js';
import { startTenancyConsumers } from './integration/consumers/start-tenancy-consumers.js';
import { subscriptionIntegrationEvent } from './integration/published-subscription-events.js';
import { openStorage, ownedCategories } from './runtime.js';

/** Opens every client, starts the relay and projections, serves HTTP, and closes all of it on a signal. */
export async function main(config: TenancyConfig, telemetry: Telemetry): Promise<void> {
  const logger = createLogger({ name: 'tenancy', level: config.LOG_LEVEL });
  const storage = await openStorage(config, logger.child({ component: 'storage' }));
  const { pool, eventStore } = storage;
  const nats = await connectNats({ url: config.NATS_URL, name: 'tenancy' });

  const projections = await startProjections({
    eventStore,
    pool,
    schema: tenancySchema,
    categories: ownedCategories,
    projections: [tenantsProjection, subscriptionsProjection],
    logger: logger.child({ component: 'projections' }),
  });
  const relay = await startTenancyRelay({
    eventStore,
    pool,
    nats,
    prefix: config.NATS_PREFIX,
    logger: logger.child({ component: 'relay' }),
    mapOther: subscriptionIntegrationEvent,
  });
  const consumers = await startTenancyConsumers({
    nats,
    pool,
    schema: tenancySchema,
    prefix: config.NATS_PREFIX,
    createTenant: wireTenantCommands(eventStore, pool, config.SECRETS_KEYS, () => new Date()).createTenant,
    logger: logger.child({ component: 'consumers' }),
  });

  const app = await buildApp({
    identitySecret: config.INTERNAL_TOKEN_SECRET,
    logLevel: config.LOG_LEVEL,
    readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
    keyRing: config.SECRETS_KEYS,
    telemetry,
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
      () => consumers.stop(),
      () => relay.stop(),
      () => projections.stop(),
      () => nats.drain(),
      () => storage.close(),
      () => telemetry.shutdown(),
    ],
  });
}
