import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { billingStream, billingSubjects, catalogStream, identityStream } from '@app/contracts';
import { startIntegrationConsumer, type EventingLogger, type IntegrationConsumer } from '@app/eventing';
import { applyCatalogProductMessage } from '../../projections/products-copy.js';
import {
  applyRenewalStanding,
  countPaidInvoice,
  startPaidSubscription,
  type BillingReactionsDeps,
} from './billing.js';
import { onboardCustomer } from './onboarding.js';
import { applyIdentityUserMessage } from './owners.js';

export interface TenancyConsumersOptions extends BillingReactionsDeps {
  nats: NatsConnection;
  pool: pg.Pool;
  schema: string;
  /** '' in production (stream CATALOG, subjects catalog.…); a test's uniquePrefix() isolates its streams. */
  prefix: string;
  logger: EventingLogger;
}

/** Durable names are also the dedupe keys in processed_messages: one per read model or reaction. */
export const tenancyConsumerNames = {
  products: 'tenancy-products',
  owners: 'tenancy-owners',
  onboarding: 'tenancy-onboarding',
  checkouts: 'tenancy-checkouts',
  paidInvoices: 'tenancy-paid-invoices',
  renewals: 'tenancy-renewals',
} as const;

/**
 * Other services' events into tenancy (ARCHITECTURE.md "Messaging"): the catalogue's products into the
 * products copy, identity's users into owners, a customer's sign-up into their tenant, and billing's
 * checkouts and paid invoices into subscriptions and totalSpent.
 */
export async function startTenancyConsumers(
  options: TenancyConsumersOptions,
): Promise<{ stop(): Promise<void> }> {
  const { nats, pool, schema, prefix, logger } = options;
  const streamOf = (name: string) => (prefix ? `${prefix}_${name}` : name);
  const subjectOf = (subject: string) => (prefix ? `${prefix}.${subject}` : subject);
  const common = { nats, pool, schema, logger };
  const catalog = { stream: streamOf(catalogStream.name), filterSubject: subjectOf('catalog.product.>') };
  const identity = { stream: streamOf(identityStream.name), filterSubject: subjectOf('identity.user.>') };
  const billing = { stream: streamOf(billingStream.name) };

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
        react: (envelope) => onboardCustomer(envelope, options.createTenant),
      }),
      await startIntegrationConsumer({
        ...common,
        stream: billing.stream,
        filterSubject: subjectOf(billingSubjects.checkoutCompleted),
        durableName: tenancyConsumerNames.checkouts,
        react: (envelope) => startPaidSubscription(envelope, options),
      }),
      await startIntegrationConsumer({
        ...common,
        stream: billing.stream,
        filterSubject: subjectOf(billingSubjects.invoicePaid),
        durableName: tenancyConsumerNames.paidInvoices,
        handle: countPaidInvoice,
      }),
      await startIntegrationConsumer({
        ...common,
        stream: billing.stream,
        filterSubject: subjectOf('billing.invoice.>'),
        durableName: tenancyConsumerNames.renewals,
        react: (envelope) => applyRenewalStanding(envelope, options),
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
