import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { catalogStream, tenancyStream } from '@app/contracts';
import { startIntegrationConsumer, type EventingLogger, type IntegrationConsumer } from '@app/eventing';
import { applyCatalogProductMessage } from '../../projections/products-copy.js';
import { applyTenancyMessage } from '../../projections/tenancy-copy.js';
import { usageConsumer } from '../../usage/usage-consumer.js';

export interface BillingConsumersOptions {
  nats: NatsConnection;
  pool: pg.Pool;
  schema: string;
  /** '' in production (stream CATALOG, subjects catalog.…); a test's uniquePrefix() isolates its streams. */
  prefix: string;
  logger: EventingLogger;
}

/** Durable names are also the dedupe keys in processed_messages: one per read model or reaction. */
export const billingConsumerNames = { products: 'billing-products', tenancy: 'billing-tenancy' } as const;

/**
 * Other services' events into billing (ARCHITECTURE.md "Messaging"): the catalogue's products into its copy
 * (the prices checkouts charge), tenancy's tenants and subscriptions into its copy (what renewals charge, whom).
 */
export async function startBillingConsumers(
  options: BillingConsumersOptions,
): Promise<{ stop(): Promise<void> }> {
  const { nats, pool, schema, prefix, logger } = options;
  const consumers: IntegrationConsumer[] = [
    await startIntegrationConsumer({
      nats,
      pool,
      schema,
      logger,
      stream: prefix ? `${prefix}_${catalogStream.name}` : catalogStream.name,
      filterSubject: prefix ? `${prefix}.catalog.product.>` : 'catalog.product.>',
      durableName: billingConsumerNames.products,
      handle: applyCatalogProductMessage,
    }),
    await startIntegrationConsumer({
      nats,
      pool,
      schema,
      logger,
      stream: prefix ? `${prefix}_${tenancyStream.name}` : tenancyStream.name,
      filterSubject: prefix ? `${prefix}.tenancy.>` : 'tenancy.>',
      durableName: billingConsumerNames.tenancy,
      handle: applyTenancyMessage,
    }),
    // The gateway's usage batches into usage records (src/usage).
    await startIntegrationConsumer({ nats, pool, schema, logger, ...usageConsumer(prefix, logger) }),
  ];
  return {
    stop: async () => {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
