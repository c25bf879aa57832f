import { billingStream, billingSubjects, catalogStream, identityStream } from '@app/contracts';
import { startServiceConsumers, type ConsumerClients } from '@app/service-kit/runtime';
import { tenancySchema } from '../../config.js';
import { applyCatalogProductMessage } from '../../projections/products-copy.js';
import {
  applyRenewalStanding,
  paidInvoiceCounter,
  endCancelledTerm,
  followPlanChange,
  startPaidSubscription,
  type BillingReactionsDeps,
} from './billing.js';
import { onboardCustomer } from './onboarding.js';
import { applyIdentityUserMessage } from './owners.js';

/** Durable names are also the dedupe keys in processed_messages: one per read model or reaction. */
export const tenancyConsumerNames = {
  products: 'tenancy-products',
  owners: 'tenancy-owners',
  onboarding: 'tenancy-onboarding',
  checkouts: 'tenancy-checkouts',
  paidInvoices: 'tenancy-paid-invoices',
  renewals: 'tenancy-renewals',
  terms: 'tenancy-terms',
  planChanges: 'tenancy-plan-changes',
} as const;

/**
 * Other services' events into tenancy (ARCHITECTURE.md "Messaging"): the catalogue's products into the
 * products copy, identity's users into owners, a customer's sign-up into their tenant, and billing's
 * checkouts, paid invoices, ended terms and plan changes into subscriptions and totalSpent.
 */
export function startTenancyConsumers(
  clients: ConsumerClients,
  reactions: Omit<BillingReactionsDeps, 'pool'>,
): Promise<{ stop(): Promise<void> }> {
  const deps = { ...reactions, pool: clients.pool };
  const schema = tenancySchema;
  return startServiceConsumers(clients, [
    {
      stream: catalogStream,
      subject: 'catalog.product.>',
      schema,
      durableName: tenancyConsumerNames.products,
      handle: applyCatalogProductMessage,
    },
    {
      stream: identityStream,
      subject: 'identity.user.>',
      schema,
      durableName: tenancyConsumerNames.owners,
      handle: applyIdentityUserMessage,
    },
    {
      stream: identityStream,
      subject: 'identity.user.>',
      schema,
      durableName: tenancyConsumerNames.onboarding,
      react: (envelope) => onboardCustomer(envelope, deps.createTenant),
    },
    {
      stream: billingStream,
      subject: billingSubjects.checkoutCompleted,
      schema,
      durableName: tenancyConsumerNames.checkouts,
      react: (envelope) => startPaidSubscription(envelope, deps),
    },
    {
      stream: billingStream,
      subject: billingSubjects.invoicePaid,
      schema,
      durableName: tenancyConsumerNames.paidInvoices,
      ...paidInvoiceCounter,
    },
    {
      stream: billingStream,
      subject: 'billing.invoice.>',
      schema,
      durableName: tenancyConsumerNames.renewals,
      react: (envelope) => applyRenewalStanding(envelope, deps),
    },
    {
      stream: billingStream,
      subject: billingSubjects.termEnded,
      schema,
      durableName: tenancyConsumerNames.terms,
      react: (envelope) => endCancelledTerm(envelope, deps),
    },
    {
      stream: billingStream,
      subject: billingSubjects.planChanged,
      schema,
      durableName: tenancyConsumerNames.planChanges,
      react: (envelope) => followPlanChange(envelope, deps),
    },
  ]);
}
