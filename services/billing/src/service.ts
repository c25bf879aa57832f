import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { billingStream } from '@app/contracts';
import { defineService, entryCommand } from '@app/service-kit/runtime';
import { customersAudit } from './audit/customer-audit.js';
import { invoicesAudit } from './audit/invoice-audit.js';
import { paymentsAudit } from './audit/payment-audit.js';
import { termsAudit } from './audit/term-audit.js';
import { buildApp } from './app.js';
import { createBillingStores } from './application/billing-stores.js';
import { customers } from './application/customers.js';
import { fillInvoiceTenants } from './application/fill-invoice-tenants.js';
import { invoices } from './application/invoices.js';
import { payments } from './application/payments.js';
import { terms } from './application/terms.js';
import { renewalPolicyOf } from './application/renewals/renewal-config.js';
import { createRenewalRunner } from './application/renewals/renewal-runner.js';
import { billingSchema, loadConfig, loadSeedConfig, loadStorageConfig } from './config.js';
import { startBillingConsumers } from './integration/consumers/start-billing-consumers.js';
import { invoiceSellerOf } from './invoice-documents/invoice-seller.js';
import { toIntegrationEvent } from './integration/published-events.js';
import { createPaymentProvider } from './payments/index.js';
import { paymentsCounter } from './payments/payment-metrics.js';
import { invoicesProjection } from './projections/invoices.js';
import { payersProjection } from './projections/payers.js';
import { planTermsProjection } from './projections/plan-terms.js';
import { paymentsProjection } from './projections/payments.js';
import { revenueInvoicesProjection } from './projections/revenue/invoice-revenue-projection.js';
import { awaitProductCopies } from './seed/await-products.js';
import { demoPurchases } from './seed/demo-purchases.js';
import { seedDemoInvoices } from './seed/seed-demo-invoices.js';
import { seedDemoUsage } from './usage/seed-demo-usage.js';

const now = () => new Date();

/** How long the seed waits for the running service's copy of the products it buys. */
const productWaitMs = 30_000;

/**
 * Billing: card payments through the configured provider (Sandbox or Stripe), the invoices they pay, renewals
 * and dunning, and usage records; published on the BILLING stream. Consumes the catalogue's products (the prices
 * it charges), tenancy's tenants and subscriptions (what it renews, and whose invoices are whose) and the
 * gateway's usage batches. Its seed stores the demo usage and pays the demo checkouts with the Sandbox;
 * `fill-invoice-tenants` gives invoices issued without a tenant theirs.
 */
export const service = defineService({
  name: 'billing',
  storage: {
    schema: billingSchema,
    // Beside src/ in the source tree and beside dist/ once built.
    migrationsDirectory: resolve(fileURLToPath(new URL('../migrations', import.meta.url))),
  },
  aggregates: [customers, payments, invoices, terms],
  projections: [
    paymentsProjection,
    invoicesProjection,
    payersProjection,
    planTermsProjection,
    revenueInvoicesProjection,
  ],
  publishes: { stream: billingStream, toIntegrationEvent },
  audit: { producer: 'billing', aggregates: [customersAudit, paymentsAudit, invoicesAudit, termsAudit] },
  loadConfig,
  loadStorageConfig,
  /** The checkout routes and the renewal runner charge through one provider and count into one metric. */
  shared: ({ pool }, config) => ({
    provider: createPaymentProvider(config, { pool }),
    payments: paymentsCounter(),
  }),
  app: (context, config, shared) =>
    buildApp(context, { ...shared, policy: renewalPolicyOf(config), seller: invoiceSellerOf(config) }),
  workers: async (clients, config, { provider, payments }) => {
    const consumers = await startBillingConsumers(clients, {
      stores: createBillingStores(clients.eventStore),
      now,
    });
    const renewals = createRenewalRunner({
      pool: clients.pool,
      stores: createBillingStores(clients.eventStore),
      provider,
      now,
      policy: renewalPolicyOf(config),
      logger: clients.logger.child({ component: 'renewals' }),
      onPaymentRecorded: (outcome) => payments.inc({ provider: provider.name, outcome }),
    }).start(config.RENEWAL_TICK_MS);
    return {
      stop: async () => {
        await renewals.stop();
        await consumers.stop();
      },
    };
  },
  /**
   * Billing charges the prices of its copy of the catalogue, which the running service keeps from the
   * catalogue's NATS events: so `npm start` runs this once the service is ready, and the seed waits (bounded) for
   * the copies it needs rather than consuming the events itself. Idempotent: fixed payment ids and usage batch ids.
   */
  seed: entryCommand(loadSeedConfig, async ({ pool, eventStore }, config) => {
    const usage = await seedDemoUsage(pool, now());
    console.log(`demo usage: ${usage.stored} days stored, ${usage.alreadyStored} already present`);
    if (config.PAYMENT_PROVIDER !== 'sandbox') {
      console.log('demo invoices: skipped (they are paid with the Sandbox, and PAYMENT_PROVIDER is stripe)');
      return;
    }
    const productIds = [...new Set(demoPurchases.map((purchase) => purchase.product.productId))];
    const missing = await awaitProductCopies(pool, productIds, productWaitMs);
    if (missing.length > 0) {
      console.warn(
        `demo invoices: billing has not heard of products ${missing.join(', ')}: is the catalog service ` +
          'running, and is NATS carrying its events?',
      );
    }
    const sandbox = createPaymentProvider(config, { pool });
    if (sandbox.name !== 'sandbox') throw new Error('The demo seed pays with the Sandbox');
    const report = await seedDemoInvoices({ pool, eventStore, sandbox, now });
    console.log(
      `demo invoices: ${report.paid.length} paid, ${report.alreadyPresent.length} already present` +
        report.skipped.map((skipped) => `; ${skipped} left out`).join(''),
    );
  }),
  commands: {
    /** Once, after the deploy that assigns invoices their tenants: the invoices issued without one before. */
    'fill-invoice-tenants': entryCommand(loadStorageConfig, async ({ pool, eventStore }) => {
      const summary = await fillInvoiceTenants({ pool, stores: createBillingStores(eventStore), now });
      console.log(
        `invoice tenants: ${summary.assigned} of ${summary.checked} invoices without one assigned now; ` +
          `${summary.unknown} still unknown (billing's copy of tenancy knows no tenant for them)`,
      );
    }),
  },
});
