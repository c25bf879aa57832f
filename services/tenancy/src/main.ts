import { acceptedSecrets, type Telemetry } from '@app/service-kit';
import { runEventSourcedService } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { createSubscriptionCommands } from './application/subscription-commands.js';
import { wireTenantCommands } from './application/wire-tenant-commands.js';
import { tenancySchema, type TenancyConfig } from './config.js';
import { startTenancyConsumers } from './integration/consumers/start-tenancy-consumers.js';
import { subscriptionIntegrationEvent } from './integration/published-subscription-events.js';
import { startTenancyRelay } from './integration/start-tenancy-relay.js';
import { subscriptionsProjection } from './projections/subscriptions.js';
import { tenantsProjection } from './projections/tenants.js';
import { openStorage, ownedCategories } from './runtime.js';

/**
 * Tenancy's process: shared clients, its projections and relay, the consumers of the catalogue's and identity's
 * events (product copies, owners, onboarding), and its HTTP app (runEventSourcedService).
 */
export function main(config: TenancyConfig, telemetry: Telemetry): Promise<void> {
  return runEventSourcedService({
    name: 'tenancy',
    config,
    telemetry,
    openStorage: (logger) => openStorage(config, logger),
    schema: tenancySchema,
    categories: ownedCategories,
    projections: [tenantsProjection, subscriptionsProjection],
    startRelay: ({ eventStore, pool, nats, logger }) =>
      startTenancyRelay({
        eventStore,
        pool,
        nats,
        prefix: config.NATS_PREFIX,
        replicas: config.NATS_STREAM_REPLICAS,
        logger,
        mapOther: subscriptionIntegrationEvent,
      }),
    startConsumers: ({ eventStore, pool, nats, projections, logger }) => {
      const now = () => new Date();
      return startTenancyConsumers({
        nats,
        pool,
        schema: tenancySchema,
        prefix: config.NATS_PREFIX,
        createTenant: wireTenantCommands(eventStore, pool, config.SECRETS_KEYS, now).createTenant,
        subscriptions: createSubscriptionCommands({
          eventStore,
          pool,
          keyRing: config.SECRETS_KEYS,
          now,
        }),
        projections,
        logger,
      });
    },
    buildApp: ({ pool, eventStore, projections, readiness }) =>
      buildApp({
        identitySecret: acceptedSecrets(config),
        logLevel: config.LOG_LEVEL,
        readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
        keyRing: config.SECRETS_KEYS,
        telemetry,
        db: pool,
        eventStore,
        projections,
        readiness,
      }),
  });
}
