import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { catalogStream } from '@app/contracts';
import { startIntegrationConsumer, type EventingLogger, type IntegrationConsumer } from '@app/eventing';
import { applyCatalogProductMessage } from '../../projections/products-copy.js';

export interface BillingConsumersOptions {
  nats: NatsConnection;
  pool: pg.Pool;
  schema: string;
  /** '' in production (stream CATALOG, subjects catalog.…); a test's uniquePrefix() isolates its streams. */
  prefix: string;
  logger: EventingLogger;
}

/** Durable names are also the dedupe keys in processed_messages: one per read model or reaction. */
export const billingConsumerNames = { products: 'billing-products' } as const;

/** Other services' events into billing (ARCHITECTURE.md "Messaging"): the catalogue's products into its copy. */
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
  ];
  return {
    stop: async () => {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
