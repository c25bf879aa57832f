import { acceptedSecrets, type Telemetry } from '@app/service-kit';
import { runEventSourcedService } from '@app/service-kit/runtime';
import { buildApp } from './app.js';
import { createBillingHandlers } from './application/command-handlers.js';
import { renewalPolicyOf } from './application/renewals/renewal-config.js';
import { createRenewalRunner } from './application/renewals/renewal-runner.js';
import { billingSchema, type BillingConfig } from './config.js';
import { startBillingConsumers } from './integration/consumers/start-billing-consumers.js';
import { startBillingRelay } from './integration/start-billing-relay.js';
import { createPaymentProvider } from './payments/index.js';
import { paymentsCounter } from './payments/payment-metrics.js';
import { billingProjections, openStorage, ownedCategories } from './runtime.js';

/**
 * Billing's process: shared clients, its projections and relay, the consumers of the catalogue's products (the
 * prices it charges) and of tenancy's tenants and subscriptions (what it renews), the renewal runner, the
 * configured payment provider and its HTTP app (runEventSourcedService).
 */
export function main(config: BillingConfig, telemetry: Telemetry): Promise<void> {
  const payments = paymentsCounter();
  return runEventSourcedService({
    name: 'billing',
    config,
    telemetry,
    openStorage: (logger) => openStorage(config, logger),
    schema: billingSchema,
    categories: ownedCategories,
    projections: billingProjections,
    startRelay: ({ eventStore, pool, nats, logger }) =>
      startBillingRelay({
        eventStore,
        pool,
        nats,
        prefix: config.NATS_PREFIX,
        replicas: config.NATS_STREAM_REPLICAS,
        logger,
      }),
    // Renewals run beside the consumers: started after the projections, stopped before NATS drains.
    startConsumers: async ({ pool, nats, eventStore, logger }) => {
      const consumers = await startBillingConsumers({
        nats,
        pool,
        schema: billingSchema,
        prefix: config.NATS_PREFIX,
        logger,
      });
      const provider = createPaymentProvider(config, { pool });
      const renewals = createRenewalRunner({
        pool,
        eventStore,
        handlers: createBillingHandlers(eventStore),
        provider,
        now: () => new Date(),
        policy: renewalPolicyOf(config),
        logger: logger.child({ component: 'renewals' }),
        onPaymentRecorded: (outcome) => payments.inc({ provider: provider.name, outcome }),
      }).start(config.RENEWAL_TICK_MS);
      return {
        stop: async () => {
          await renewals.stop();
          await consumers.stop();
        },
      };
    },
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
        provider: createPaymentProvider(config, { pool }),
        payments,
      }),
  });
}
