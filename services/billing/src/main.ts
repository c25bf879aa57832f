import type { Telemetry } from '@app/service-kit';
import { runEventSourcedService } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { billingSchema, type BillingConfig } from './config.js';
import { startBillingConsumers } from './integration/consumers/start-billing-consumers.js';
import { startBillingRelay } from './integration/start-billing-relay.js';
import { createPaymentProvider } from './payments/index.js';
import { billingProjections, openStorage, ownedCategories } from './runtime.js';

/**
 * Billing's process: shared clients, its projections and relay, the consumer of the catalogue's products (the
 * prices it charges), the configured payment provider and its HTTP app (runEventSourcedService).
 */
export function main(config: BillingConfig, telemetry: Telemetry): Promise<void> {
  return runEventSourcedService({
    name: 'billing',
    config,
    telemetry,
    openStorage: (logger) => openStorage(config, logger),
    schema: billingSchema,
    categories: ownedCategories,
    projections: billingProjections,
    startRelay: ({ eventStore, pool, nats, logger }) =>
      startBillingRelay({ eventStore, pool, nats, prefix: config.NATS_PREFIX, logger }),
    startConsumers: ({ pool, nats, logger }) =>
      startBillingConsumers({ nats, pool, schema: billingSchema, prefix: config.NATS_PREFIX, logger }),
    buildApp: ({ pool, eventStore, projections, readiness }) =>
      buildApp({
        identitySecret: config.INTERNAL_TOKEN_SECRET,
        logLevel: config.LOG_LEVEL,
        readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
        telemetry,
        db: pool,
        eventStore,
        projections,
        readiness,
        provider: createPaymentProvider(config, { pool }),
      }),
  });
}
