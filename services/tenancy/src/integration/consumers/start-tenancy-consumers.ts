import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { catalogStream, identityStream } from '@app/contracts';
import { startIntegrationConsumer, type EventingLogger, type IntegrationConsumer } from '@app/eventing';
import { applyCatalogProductMessage } from '../../projections/products-copy.js';
import { onboardCustomer, type CreateTenantForOnboarding } from './onboarding.js';
import { applyIdentityUserMessage } from './owners.js';

export interface TenancyConsumersOptions {
  nats: NatsConnection;
  pool: pg.Pool;
  schema: string;
  /** '' in production (stream CATALOG, subjects catalog.…); a test's uniquePrefix() isolates its streams. */
  prefix: string;
  createTenant: CreateTenantForOnboarding;
  logger: EventingLogger;
}

/** Durable names are also the dedupe keys in processed_messages: one per read model or reaction. */
export const tenancyConsumerNames = {
  products: 'tenancy-products',
  owners: 'tenancy-owners',
  onboarding: 'tenancy-onboarding',
} as const;

/**
 * Other services' events into tenancy (ARCHITECTURE.md "Messaging"): the catalogue's products into the
 * products copy, identity's users into owners, and a customer's sign-up into their tenant.
 */
export async function startTenancyConsumers(
  options: TenancyConsumersOptions,
): Promise<{ stop(): Promise<void> }> {
  const { nats, pool, schema, prefix, createTenant, logger } = options;
  const streamOf = (name: string) => (prefix ? `${prefix}_${name}` : name);
  const subjectOf = (subject: string) => (prefix ? `${prefix}.${subject}` : subject);
  const common = { nats, pool, schema, logger };
  const catalog = { stream: streamOf(catalogStream.name), filterSubject: subjectOf('catalog.product.>') };
  const identity = { stream: streamOf(identityStream.name), filterSubject: subjectOf('identity.user.>') };

  const consumers: IntegrationConsumer[] = [];
  try {
    consumers.push(
      await startIntegrationConsumer({
        ...common,
        ...catalog,
        durableName: tenancyConsumerNames.products,
        handle: applyCatalogProductMessage,
      }),
      await startIntegrationConsumer({
        ...common,
        ...identity,
        durableName: tenancyConsumerNames.owners,
        handle: applyIdentityUserMessage,
      }),
      await startIntegrationConsumer({
        ...common,
        ...identity,
        durableName: tenancyConsumerNames.onboarding,
        handle: (envelope) => onboardCustomer(envelope, createTenant),
      }),
    );
  } catch (error) {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    throw error;
  }
  return {
    stop: async () => {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
