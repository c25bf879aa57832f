import { catalogStream, identityStream, tenancyStream, tenancySubjects } from '@app/contracts';
import { startServiceConsumers, type ConsumerClients } from '@app/service-kit/runtime';
import { billingSchema } from '../../config.js';
import { applyIdentityUserMessage } from '../../projections/buyers-copy.js';
import { applyCatalogProductMessage } from '../../projections/products-copy.js';
import { applyRevenueMessage } from '../../projections/revenue/subscription-revenue-copy.js';
import { applyTenancyMessage } from '../../projections/tenancy-copy.js';
import { usageConsumer } from '../../usage/usage-consumer.js';
import { assignCheckoutInvoiceTenant, type InvoiceTenantDeps } from './invoice-tenants.js';

/** Durable names are also the dedupe keys in processed_messages: one per read model or reaction. */
export const billingConsumerNames = {
  products: 'billing-products',
  tenancy: 'billing-tenancy',
  buyers: 'billing-buyers',
  invoiceTenants: 'billing-invoice-tenants',
  revenue: 'billing-revenue',
} as const;

/**
 * Other services' events into billing (ARCHITECTURE.md "Messaging"): the catalogue's products into its copy
 * (the prices checkouts charge), tenancy's tenants and subscriptions into its copy (what renewals charge, whom)
 * and into the tenants of checkouts' invoices (a reaction: src/integration/consumers/invoice-tenants.ts),
 * tenancy's subscription events into revenue analytics' MRR (src/projections/revenue/), identity's users into
 * buyers (whom invoices are billed to), and the gateway's usage batches into usage records (src/usage).
 */
export function startBillingConsumers(
  clients: ConsumerClients,
  reactions: Omit<InvoiceTenantDeps, 'pool'>,
): Promise<{ stop(): Promise<void> }> {
  const schema = billingSchema;
  return startServiceConsumers(clients, [
    {
      stream: catalogStream,
      subject: 'catalog.product.>',
      schema,
      durableName: billingConsumerNames.products,
      handle: applyCatalogProductMessage,
    },
    {
      stream: tenancyStream,
      subject: 'tenancy.>',
      eventTypes: Object.values(tenancySubjects),
      schema,
      durableName: billingConsumerNames.tenancy,
      handle: applyTenancyMessage,
    },
    {
      stream: tenancyStream,
      subject: tenancySubjects.subscriptionStarted,
      schema,
      durableName: billingConsumerNames.invoiceTenants,
      react: (envelope) => assignCheckoutInvoiceTenant(envelope, { ...reactions, pool: clients.pool }),
    },
    {
      stream: tenancyStream,
      subject: 'tenancy.subscription.>',
      schema,
      durableName: billingConsumerNames.revenue,
      handle: applyRevenueMessage,
    },
    {
      stream: identityStream,
      subject: 'identity.user.>',
      schema,
      durableName: billingConsumerNames.buyers,
      handle: applyIdentityUserMessage,
    },
    { schema, ...usageConsumer(clients.logger) },
  ]);
}
